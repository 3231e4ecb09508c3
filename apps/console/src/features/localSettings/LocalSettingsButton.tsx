import { SettingOutlined } from '@ant-design/icons';
import { cleanCacheResultSchema } from '@facet/contracts';
import { App, Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { formatBytes } from '../../lib/formatBytes.ts';
import { deferred } from '../../lib/deferred.tsx';

// Opened on demand: a page shows without its code, which comes when it is first opened (lib/deferred.tsx).
const LocalSettingsDialog = deferred(() => import('./LocalSettingsDialog.tsx').then((m) => m.LocalSettingsDialog));

/**
 * The toolbar's settings button (spec §2: only in the desktop client) and what the agent pushes
 * about its cache clean (spec §4: `cleancache` shows a success message), wherever it came from.
 */
export function LocalSettingsButton() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { mode, bridge, events } = useRuntime();
  const [open, setOpen] = useState(false);

  useEffect(
    () =>
      events.on('bridgePush', (push) => {
        if (push.push !== 'cleancache') return;
        const result = cleanCacheResultSchema.safeParse(push.parameter);
        if (!result.success) return;
        const size = formatBytes(result.data.freedBytes, i18n.language);
        message.success({
          content: result.data.skippedRunning > 0 ? t('localSettings.cache.doneSkipped', { size, count: result.data.skippedRunning }) : t('localSettings.cache.done', { size }),
          key: 'cleancache',
        });
      }),
    [events, message, t, i18n],
  );

  if (mode !== 'client' || !bridge) return null;
  return (
    <>
      <Tooltip title={t('localSettings.open')}>
        <Button type="text" aria-label={t('localSettings.open')} icon={<SettingOutlined />} onClick={() => setOpen(true)} data-testid="local-settings-open" />
      </Tooltip>
      {open ? <LocalSettingsDialog bridge={bridge} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
