import type { Locale } from 'antd/es/locale';

/** antd's own texts (pagination, pickers, empty states) for each of our ten languages. */
const loaders: Record<string, () => Promise<{ default: Locale }>> = {
  'en-US': () => import('antd/es/locale/en_US'),
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  vi: () => import('antd/es/locale/vi_VN'),
  ru: () => import('antd/es/locale/ru_RU'),
  pt: () => import('antd/es/locale/pt_PT'),
  ja: () => import('antd/es/locale/ja_JP'),
  it: () => import('antd/es/locale/it_IT'),
  fr: () => import('antd/es/locale/fr_FR'),
  es: () => import('antd/es/locale/es_ES'),
  de: () => import('antd/es/locale/de_DE'),
};

export async function loadAntdLocale(tag: string): Promise<Locale> {
  return (await (loaders[tag] ?? loaders['en-US']!)()).default;
}
