import type { LocaleTree } from './index.ts';

/**
 * One loader per locale, for bundlers: each language becomes its own chunk, so a console
 * downloads only the languages it shows. (The package entry imports all ten, for Node.)
 */
export const localeLoaders: Record<string, () => Promise<LocaleTree>> = {
  'en-US': () => import('./locales/en-US.json', { with: { type: 'json' } }).then((m) => m.default),
  'zh-CN': () => import('./locales/zh-CN.json', { with: { type: 'json' } }).then((m) => m.default),
  vi: () => import('./locales/vi.json', { with: { type: 'json' } }).then((m) => m.default),
  ru: () => import('./locales/ru.json', { with: { type: 'json' } }).then((m) => m.default),
  pt: () => import('./locales/pt.json', { with: { type: 'json' } }).then((m) => m.default),
  ja: () => import('./locales/ja.json', { with: { type: 'json' } }).then((m) => m.default),
  it: () => import('./locales/it.json', { with: { type: 'json' } }).then((m) => m.default),
  fr: () => import('./locales/fr.json', { with: { type: 'json' } }).then((m) => m.default),
  es: () => import('./locales/es.json', { with: { type: 'json' } }).then((m) => m.default),
  de: () => import('./locales/de.json', { with: { type: 'json' } }).then((m) => m.default),
};
