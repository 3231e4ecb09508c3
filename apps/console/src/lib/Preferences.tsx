import type { Language, Theme } from '@facet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { antdLocaleOf } from './antdLocale.ts';
import { currentLanguage, switchLanguage } from './language.ts';
import { readString, storageKeys, writeString } from './storage.ts';
import { loadTheme, saveTheme } from './theme.ts';

interface Preferences {
  theme: Theme;
  toggleTheme(): void;
  language: Language;
  setLanguage(language: Language): Promise<void>;
  collapsed: boolean;
  setCollapsed(collapsed: boolean): void;
}

const PreferencesContext = createContext<Preferences | null>(null);

export function usePreferences(): Preferences {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences outside PreferencesProvider');
  return value;
}

/**
 * Theme, language (i18next, and antd's own texts for the pages that use antd) and the menu's
 * collapsed state. No antd here: the sign-in page renders under this alone, and antd loads with
 * the pages that use it (app/AntdProvider.tsx reads the theme and language from here).
 */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [theme, setTheme] = useState<Theme>(loadTheme);
  const [language, setLanguageState] = useState<Language>(currentLanguage);
  const [collapsed, setCollapsedState] = useState(() => readString(storageKeys.menuCollapsed) === '1');

  const toggleTheme = useCallback(() => {
    setTheme((current) => {
      const next: Theme = current === 'day' ? 'night' : 'day';
      saveTheme(next);
      return next;
    });
  }, []);

  const setLanguage = useCallback(
    async (next: Language) => {
      // antd's texts too, before the switch: its pages then change language in one render.
      await Promise.all([switchLanguage(next), antdLocaleOf(next.tag)]);
      setLanguageState(next);
      // Refresh the view: server texts (messages, names) come back in the new language.
      await queryClient.invalidateQueries();
    },
    [queryClient],
  );

  const setCollapsed = useCallback((value: boolean) => {
    writeString(storageKeys.menuCollapsed, value ? '1' : '0');
    setCollapsedState(value);
  }, []);

  // On <html>, before the first paint: the page's own colours (global.css) follow the theme, so
  // nothing outside antd stays white and a night page never flashes day.
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  const value = useMemo(() => ({ theme, toggleTheme, language, setLanguage, collapsed, setCollapsed }), [theme, toggleTheme, language, setLanguage, collapsed, setCollapsed]);
  return (
    <PreferencesContext.Provider value={value}>
      <div style={{ minHeight: '100vh' }}>{children}</div>
    </PreferencesContext.Provider>
  );
}
