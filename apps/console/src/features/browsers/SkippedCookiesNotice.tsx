import { runningBrowserSchema } from '@facet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { cachedProfileName } from '../sync/index.ts';
import { skippedCookieList } from './skippedCookieText.ts';

/**
 * When a profile's browser has started without some of its stored cookies (the browser refuses
 * them: issue 34), a notice names them, so the owner can import them again, corrected. The
 * start itself went on; the agent pushes the list with the browser's `start`.
 */
export function SkippedCookiesNotice() {
  const { t } = useTranslation();
  const { bridge, events } = useRuntime();
  const { notification } = App.useApp();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!bridge) return;
    return events.on('bridgePush', (push) => {
      if (push.push !== 'start') return;
      const started = runningBrowserSchema.safeParse(push.parameter);
      if (!started.success || started.data.state !== 'running' || started.data.skippedCookies.length === 0) return;
      const { profileId, skippedCookies } = started.data;
      const name = cachedProfileName(queryClient.getQueriesData({ queryKey: ['profiles'] }), profileId) ?? profileId;
      notification.warning({
        key: `cookies-skipped-${profileId}`,
        duration: 0,
        title: t('cookies.skippedTitle', { name, count: skippedCookies.length }),
        description: t('cookies.skipped', { cookies: skippedCookieList(skippedCookies) }),
        props: { 'data-testid': `cookies-skipped-notice-${profileId}` },
      });
    });
  }, [bridge, events, notification, queryClient, t]);

  return null;
}
