import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import { use, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocaleOf } from '../lib/antdLocale.ts';
import { usePrefersReducedMotion } from '../lib/reducedMotion.ts';
import { brandTokens } from './brandTokens.ts';
import { usePreferences } from '../lib/Preferences.tsx';

/**
 * antd for what is inside: the theme's algorithm, antd's texts in the person's language, and
 * `App`'s holder of message, notification and modal. antd's transitions and the click ripple
 * follow the system's reduce-motion setting. Loaded with the pages that use antd (router.tsx),
 * never before the sign-in page shows; suspends until antd's texts for the language are in.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { theme, language } = usePreferences();
  const { t } = useTranslation();
  const antdTexts = use(antdLocaleOf(language.tag));
  // The page-size choice ("20 / page") in our own words: antd's French is the English "/ page",
  // which read as untranslated (issue 36).
  const perPage = t('common.perPage');
  const locale = useMemo(() => ({ ...antdTexts, Pagination: { ...antdTexts.Pagination, items_per_page: perPage } }), [antdTexts, perPage]);
  const reducedMotion = usePrefersReducedMotion();
  const algorithm = theme === 'night' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm;
  return (
    <ConfigProvider locale={locale} theme={{ algorithm, token: { ...brandTokens, motion: !reducedMotion } }} wave={{ disabled: reducedMotion }}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
