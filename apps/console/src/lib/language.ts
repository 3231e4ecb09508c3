import { DEFAULT_LANGUAGE, languages, resolveLanguage, type Language } from '@facet/contracts';
import { localeLoaders, type LocalePart } from '@facet/i18n/lazy';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, storageKeys, writeString } from './storage.ts';

const FALLBACK_TAG = 'en-US';

/**
 * Each language's texts load on demand in two chunks (packages/i18n/src/lazy.ts): the entry part,
 * what the pages before sign-in show, and the rest.
 */
function loadPart(tag: string, part: LocalePart): Promise<Record<string, unknown>> {
  return (localeLoaders[tag] ?? localeLoaders[FALLBACK_TAG]!)[part]();
}

function addTexts(tag: string, texts: Record<string, unknown>): void {
  // Deep and overwriting: the two parts share no namespace, and react-i18next re-renders on
  // 'added' (bindI18nStore below), so a text that arrives late still shows.
  i18next.addResourceBundle(tag, 'translation', texts, true, true);
}

/** Each language's rest, fetched once; a failed fetch is tried again by the next caller. */
const rests = new Map<string, Promise<void>>();
function loadRest(tag: string): Promise<void> {
  let pending = rests.get(tag);
  if (!pending) {
    pending = loadPart(tag, 'rest').then(
      (texts) => addTexts(tag, texts),
      (error: unknown) => {
        rests.delete(tag);
        throw error;
      },
    );
    rests.set(tag, pending);
  }
  return pending;
}

/**
 * Every text of the current language and of English, its fallback. The sign-in pages render
 * without it; the pages after sign-in wait for it (router.tsx), and App fetches it after the
 * first render.
 */
export async function allTexts(): Promise<void> {
  await Promise.all([loadRest(FALLBACK_TAG), loadRest(i18next.language || FALLBACK_TAG)]);
}

export function initialLanguage(): Language {
  const stored = readString(storageKeys.language);
  if (stored !== null) return resolveLanguage(stored);
  const browser = globalThis.navigator?.language;
  return browser ? resolveLanguage(browser) : DEFAULT_LANGUAGE;
}

export async function initI18n(language: Language): Promise<typeof i18next> {
  // English is always loaded: it is the fallback for anything missing elsewhere. Only the entry
  // parts are awaited before the first render (main.tsx); the rest follows (allTexts).
  const [english, active] = await Promise.all([loadPart(FALLBACK_TAG, 'entry'), language.tag === FALLBACK_TAG ? null : loadPart(language.tag, 'entry')]);
  const resources: Record<string, { translation: Record<string, unknown> }> = { [FALLBACK_TAG]: { translation: english } };
  if (active) resources[language.tag] = { translation: active };
  await i18next.use(initReactI18next).init({
    lng: language.tag,
    fallbackLng: FALLBACK_TAG,
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { bindI18nStore: 'added' },
  });
  adopt(language);
  return i18next;
}

/** Loads both parts of the language's texts, switches to it and remembers the choice. */
export async function switchLanguage(language: Language): Promise<void> {
  const hasEntry = i18next.hasResourceBundle(language.tag, 'translation');
  const [entry] = await Promise.all([hasEntry ? null : loadPart(language.tag, 'entry'), loadRest(language.tag), loadRest(FALLBACK_TAG)]);
  if (entry) addTexts(language.tag, entry);
  await i18next.changeLanguage(language.tag);
  adopt(language);
}

function adopt(language: Language): void {
  writeString(storageKeys.language, language.tag);
  document.documentElement.lang = language.tag;
}

export function currentLanguage(): Language {
  return resolveLanguage(i18next.language || DEFAULT_LANGUAGE.tag);
}

export { languages };
