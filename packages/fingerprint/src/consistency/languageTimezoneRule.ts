import { continentOfTimezone, continentsOf } from './continents.ts';
import { contradiction, side, type Rule } from './types.ts';

/**
 * Languages whose speakers live on several continents and often keep one country's tag wherever
 * they are (en-US is most software's default everywhere; es-ES in Latin America, fr-FR in Africa,
 * pt-PT in Brazil, ar-SA across North Africa): their region says little about where the user is.
 */
const WORLD_LANGUAGES = new Set(['en', 'es', 'pt', 'fr', 'ar']);

/** Language and region subtags of the first entry of an Accept-Language list ("de-DE,de;q=0.9"). */
function firstLanguage(list: string): { language: string; region: string | null } | null {
  const first = list.split(',')[0]?.split(';')[0]?.trim() ?? '';
  const match = /^([a-z]{2,3})(?:-[a-z]{4})?(?:-([a-z]{2}|\d{3}))?(?:-|$)/i.exec(first);
  return match ? { language: match[1]!.toLowerCase(), region: match[2] ?? null } : null;
}

/**
 * The first language names a country on another continent than the time zone (de-DE with
 * America/Chicago, zh-CN with Europe/Paris): what a profile looks like when its language was typed
 * in by hand and its time zone followed a proxy elsewhere. Deliberately narrow, so that it only
 * speaks when the two cannot be one person at home: both must be known (a region in the language
 * tag, a time zone of one continent), countries on two continents count for both, and the world
 * languages above never trip it. Empty language or time zone follows the IP: nothing to compare.
 */
export const languageTimezone: Rule = ({ language, timezone }) => {
  if (!language || !timezone) return null;
  const first = firstLanguage(language);
  if (!first?.region || WORLD_LANGUAGES.has(first.language)) return null;
  const regionContinents = continentsOf(first.region);
  const zoneContinent = continentOfTimezone(timezone);
  if (regionContinents.length === 0 || !zoneContinent || regionContinents.includes(zoneContinent)) return null;
  return contradiction('languageTimezone', side('language', language), side('timezone', timezone));
};
