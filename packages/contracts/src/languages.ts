/** The ten interface languages of spec §9: numeric code on the wire, locale tag in the UI. */
export const languages = [
  { code: 0, tag: 'en-US', name: 'English' },
  { code: 1, tag: 'zh-CN', name: '简体中文' },
  { code: 2, tag: 'vi', name: 'Tiếng Việt' },
  { code: 3, tag: 'ru', name: 'Русский' },
  { code: 4, tag: 'pt', name: 'Português' },
  { code: 5, tag: 'ja', name: '日本語' },
  { code: 6, tag: 'it', name: 'Italiano' },
  { code: 7, tag: 'fr', name: 'Français' },
  { code: 8, tag: 'es', name: 'Español' },
  { code: 9, tag: 'de', name: 'Deutsch' },
] as const;

export type Language = (typeof languages)[number];
export type LanguageTag = Language['tag'];

export const DEFAULT_LANGUAGE: Language = languages[0];
export const languageTags = languages.map((l) => l.tag) as LanguageTag[];

/** Accepts a wire code (number or numeric string) or a locale tag; unknown input falls back to English. */
export function resolveLanguage(value: unknown): Language {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))) {
    const code = Number(value);
    return languages.find((l) => l.code === code) ?? DEFAULT_LANGUAGE;
  }
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    return (
      languages.find((l) => l.tag.toLowerCase() === lower) ??
      languages.find((l) => l.tag.toLowerCase().split('-')[0] === lower.split('-')[0]) ??
      DEFAULT_LANGUAGE
    );
  }
  return DEFAULT_LANGUAGE;
}

/** Chinese gets its own download link and contact options (spec §1, §2). */
export function isChinese(language: Language): boolean {
  return language.code === 1;
}
