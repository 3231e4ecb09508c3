import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import { use, type ReactNode } from 'react';
import { antdLocaleOf } from '../lib/antdLocale.ts';
import { usePrefersReducedMotion } from '../lib/reducedMotion.ts';
import { brandTokens } from './brandTokens.ts';
import { usePreferences } from './Preferences.tsx';

/**
 * antd for what is inside: the theme's algorithm, antd's texts in the person's language, and
 * `App`'s holder of message, notification and modal. antd's transitions and the click ripple
 * follow the system's reduce-motion setting. Loaded with the pages that use antd (router.tsx),
 * never before the sign-in page shows; suspends until antd's texts for the language are in.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { theme, language } = usePreferences();
  const locale = use(antdLocaleOf(language.tag));
  const reducedMotion = usePrefersReducedMotion();
  const algorithm = theme === 'night' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm;
  return (
    <ConfigProvider locale={locale} theme={{ algorithm, token: { ...brandTokens, motion: !reducedMotion } }} wave={{ disabled: reducedMotion }}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
