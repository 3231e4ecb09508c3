import de from './locales/de.json' with { type: 'json' };
import enUS from './locales/en-US.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import pt from './locales/pt.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };
import vi from './locales/vi.json' with { type: 'json' };
import zhCN from './locales/zh-CN.json' with { type: 'json' };

export type LocaleTree = { [key: string]: string | LocaleTree };

/** The only home of user-facing text: one tree per language tag of contracts' language table. */
export const locales: Record<string, LocaleTree> = {
  'en-US': enUS,
  'zh-CN': zhCN,
  vi,
  ru,
  pt,
  ja,
  it,
  fr,
  es,
  de,
};

export const FALLBACK_TAG = 'en-US';

export function lookup(tree: LocaleTree, key: string): string | undefined {
  let node: string | LocaleTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translate outside React (server messages, mails, the agent). Same `{{name}}` interpolation as
 * i18next, so one string serves both. Falls back to English, then to the key itself.
 */
export function translate(tag: string, key: string, vars: Record<string, string | number> = {}): string {
  const text = lookup(locales[tag] ?? locales[FALLBACK_TAG]!, key) ?? lookup(locales[FALLBACK_TAG]!, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** Every dotted key of a tree, for the parity check. */
export function flattenKeys(tree: LocaleTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([name, value]) =>
    typeof value === 'string' ? [`${prefix}${name}`] : flattenKeys(value, `${prefix}${name}.`),
  );
}

/** Interpolation names used in a string, e.g. ["seconds"] for "again in {{seconds}} s". */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();
}
