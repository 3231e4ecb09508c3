import { INITIAL_THEME, STORED_THEME_DEFAULT, type Theme } from '@facet/contracts';
import { readString, storageKeys, writeString } from './storage.ts';

/**
 * Spec §9: "default theme is day; the stored default when nothing is set is night". Read as:
 * the first start (no key at all) shows day; a key that exists but holds nothing usable reads
 * as night. See docs/decisions.md.
 */
export function themeFromStored(value: string | null): Theme {
  if (value === null) return INITIAL_THEME;
  return value === 'day' || value === 'night' ? value : STORED_THEME_DEFAULT;
}

export function loadTheme(): Theme {
  return themeFromStored(readString(storageKeys.theme));
}

export function saveTheme(theme: Theme): void {
  writeString(storageKeys.theme, theme);
}
