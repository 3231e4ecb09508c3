import type { LocaleTree } from './index.ts';

/**
 * One pair of loaders per locale, for bundlers: each language becomes two chunks, so a console
 * downloads only the languages it shows, and of those first only the texts shown before sign-in
 * (`entry`, the namespaces of entryNamespaces.ts), then the `rest`. The `?part=` queries are
 * answered by the console's Vite plugin (apps/console/localeParts.ts); only the console imports
 * this file. (The package entry imports all ten whole files, for Node.)
 */
export type LocalePart = 'entry' | 'rest';

export const localeLoaders: Record<string, Record<LocalePart, () => Promise<LocaleTree>>> = {
  'en-US': {
    entry: () => import('./locales/en-US.json?part=entry', { with: { type: 'json' } }).then((m) => m.default),
    rest: () => import('./locales/en-US.json?part=rest', { with: { type: 'json' } }).then((m) => m.default),
  },
  'zh-CN': {
    entry: () => import('./locales/zh-CN.json?part=entry', { with: { type: 'json' } }).then((m) => m.default),
    rest: () => import('./locales/zh-CN.json?part=rest', { with: { type: 'json' } }).then((m) => m.default),
  },
  vi: {
    entry: () => import('./locales/vi.json?part=entry', { with: { type: 'json' } }).then((m) => m.default),
    rest: () => import('./locales/vi.json?part=rest', { with: { type: 'json' } }).then((m) => m.default),
  },
  ru: {
    entry: () => import('./locales/ru.json?part=entry', { with: { type: 'json' } }).then((m) => m.default),
    rest: () => import('./locales/ru.json?part=rest', { with: { type: 'json' } }).then((m) => m.default),
  },
  pt: {
    entry: () => import('./locales/pt.json?part=entry', { with: { type: 'json' } }).then((m) => m.default),
    rest: () => import('./locales/pt.json?part=rest', { with: { type: 'json' } }).then((m) => m.default),
  },
  ja: {
    entry: () => import('./locales/ja.json?part=entry', { with: { type: 'json' } }).then((m) => m.default),
    rest: () => import('./locales/ja.json?part=rest', { with: { type: 'json' } }).then((m) => m.default),
  },
  it: {
    entry: () => import('./locales/it.json?part=entry', { with: { type: 'json' } }).then((m) => m.default),
    rest: () => import('./locales/it.json?part=rest', { with: { type: 'json' } }).then((m) => m.default),
  },
  fr: {
    entry: () => import('./locales/fr.json?part=entry', { with: { type: 'json' } }).then((m) => m.default),
    rest: () => import('./locales/fr.json?part=rest', { with: { type: 'json' } }).then((m) => m.default),
  },
  es: {
    entry: () => import('./locales/es.json?part=entry', { with: { type: 'json' } }).then((m) => m.default),
    rest: () => import('./locales/es.json?part=rest', { with: { type: 'json' } }).then((m) => m.default),
  },
  de: {
    entry: () => import('./locales/de.json?part=entry', { with: { type: 'json' } }).then((m) => m.default),
    rest: () => import('./locales/de.json?part=rest', { with: { type: 'json' } }).then((m) => m.default),
  },
};
