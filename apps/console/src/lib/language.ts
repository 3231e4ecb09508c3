import { DEFAULT_LANGUAGE, languages, resolveLanguage, type Language } from '@facet/contracts';
import { localeLoaders } from '@facet/i18n/lazy';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, storageKeys, writeString } from './storage.ts';

/** Each language's texts load on demand, one chunk per language. */
function loadBundle(tag: string): Promise<Record<string, unknown>> {
  return (localeLoaders[tag] ?? localeLoaders['en-US']!)();
}

export function initialLanguage(): Language {
  const stored = readString(storageKeys.language);
  if (stored !== null) return resolveLanguage(stored);
  const browser = globalThis.navigator?.language;
  return browser ? resolveLanguage(browser) : DEFAULT_LANGUAGE;
}

export async function initI18n(language: Language): Promise<typeof i18next> {
  // English is always loaded: it is the fallback for anything missing elsewhere. Both are fetched
  // at once, and the first render waits for them (main.tsx), so no text shows untranslated.
  const [english, active] = await Promise.all([loadBundle('en-US'), language.tag === 'en-US' ? null : loadBundle(language.tag)]);
  const resources: Record<string, { translation: Record<string, unknown> }> = { 'en-US': { translation: english } };
  if (active) resources[language.tag] = { translation: active };
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    fallbackLng: 'en-US',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await switchLanguage(language);
  return i18next;
}

/** Loads the language's texts, switches to it and remembers the choice. */
export async function switchLanguage(language: Language): Promise<void> {
  if (!i18next.hasResourceBundle(language.tag, 'translation')) {
    i18next.addResourceBundle(language.tag, 'translation', await loadBundle(language.tag));
  }
  await i18next.changeLanguage(language.tag);
  writeString(storageKeys.language, language.tag);
  document.documentElement.lang = language.tag;
}

export function currentLanguage(): Language {
  return resolveLanguage(i18next.language || DEFAULT_LANGUAGE.tag);
}

export { languages };
