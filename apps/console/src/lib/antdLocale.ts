import type { Locale } from 'antd/es/locale';

/** antd's own texts (pagination, pickers, empty states) for each of our ten languages. */
const loaders: Record<string, () => Promise<{ default: Locale }>> = {
  'en-US': () => import('antd/es/locale/en_US'),
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  vi: () => import('antd/es/locale/vi_VN'),
  ru: () => import('antd/es/locale/ru_RU'),
  // Our Portuguese is Brazil's ("Gerenciar", "Excluir").
  pt: () => import('antd/es/locale/pt_BR'),
  ja: () => import('antd/es/locale/ja_JP'),
  it: () => import('antd/es/locale/it_IT'),
  fr: () => import('antd/es/locale/fr_FR'),
  es: () => import('antd/es/locale/es_ES'),
  de: () => import('antd/es/locale/de_DE'),
};

/** A promise React's `use` reads without suspending again once it has settled. */
type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

const loaded = new Map<string, TrackedPromise<Locale>>();

/**
 * antd's texts for a language tag, fetched once per tag; the same promise every time, so a
 * component can `use` it. It marks itself fulfilled as React's own thenables do, so a language
 * already fetched (Preferences waits for it before switching) renders without a fallback.
 */
export function antdLocaleOf(tag: string): Promise<Locale> {
  const known = loaded.get(tag);
  if (known) return known;
  const promise: TrackedPromise<Locale> = (loaders[tag] ?? loaders['en-US']!)().then((module) => {
    promise.status = 'fulfilled';
    promise.value = module.default;
    return module.default;
  });
  // A failed fetch is tried again by the next caller rather than kept.
  promise.catch(() => loaded.delete(tag));
  loaded.set(tag, promise);
  return promise;
}
