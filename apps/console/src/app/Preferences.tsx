import type { Language, Theme } from '@facet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { loadAntdLocale } from '../lib/antdLocale.ts';
import { currentLanguage, switchLanguage } from '../lib/language.ts';
import { readString, storageKeys, writeString } from '../lib/storage.ts';
import { usePrefersReducedMotion } from '../lib/reducedMotion.ts';
import { loadTheme, saveTheme } from '../lib/theme.ts';

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
 * Theme (antd algorithm), language (i18next + antd locale) and the menu's collapsed state; antd's
 * transitions and the click ripple follow the system's reduce-motion setting.
 */
export function PreferencesProvider({ initialLocale, children }: { initialLocale: Locale; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [theme, setTheme] = useState<Theme>(loadTheme);
  const [language, setLanguageState] = useState<Language>(currentLanguage);
  const [antdLocale, setAntdLocale] = useState<Locale>(initialLocale);
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
      const [, locale] = await Promise.all([switchLanguage(next), loadAntdLocale(next.tag)]);
      setAntdLocale(locale);
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

  const value = useMemo(() => ({ theme, toggleTheme, language, setLanguage, collapsed, setCollapsed }), [theme, toggleTheme, language, setLanguage, collapsed, setCollapsed]);
  const algorithm = theme === 'night' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm;
  const reducedMotion = usePrefersReducedMotion();

  return (
    <PreferencesContext.Provider value={value}>
      <ConfigProvider locale={antdLocale} theme={{ algorithm, token: { colorPrimary: '#1668dc', borderRadius: 6, motion: !reducedMotion } }} wave={{ disabled: reducedMotion }}>
        <AntApp>
          <PageColors />
          <div data-theme={theme} style={{ minHeight: '100vh' }}>
            {children}
          </div>
        </AntApp>
      </ConfigProvider>
    </PreferencesContext.Provider>
  );
}

/** Gives <body> the theme's page colours, so nothing outside antd's layout stays white. */
function PageColors() {
  const { token } = antdTheme.useToken();
  useEffect(() => {
    document.body.style.backgroundColor = token.colorBgLayout;
    document.body.style.color = token.colorText;
    document.documentElement.style.colorScheme = token.colorBgLayout === '#000' || token.colorBgLayout === '#000000' ? 'dark' : 'light';
  }, [token.colorBgLayout, token.colorText]);
  return null;
}
