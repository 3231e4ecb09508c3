import { useMemo } from 'react';
import { usePreferences } from './Preferences.tsx';

/** Formats epoch milliseconds as a short date and time in the console's language. */
export function useDateTimeFormat(): (ms: number) => string {
  const { language } = usePreferences();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language.tag, { dateStyle: 'medium', timeStyle: 'short' });
    return (ms: number) => format.format(ms);
  }, [language.tag]);
}
