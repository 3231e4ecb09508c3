import { startErrorPushSchema, type ProfileLease, type RunningBrowser } from '@facet/contracts';
import { DownOutlined, EyeInvisibleOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Space, Tag, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { BridgeCallError } from '../../lib/bridge.ts';
import { startErrorText } from './startErrorText.ts';

interface BrowserLaunchButtonProps {
  profileId: string;
  running: RunningBrowser | undefined;
  /** Another computer has it open: Open stays disabled and says so. */
  elsewhere?: ProfileLease | null;
}

/**
 * Open or close one profile's browser through the desktop agent. While it runs, its numbered
 * icon shows beside the button; a failed start says why (the agent names the reason). The arrow
 * opens it without a window (headless), for work scripts do through the local API.
 */
export function BrowserLaunchButton({ profileId, running, elsewhere = null }: BrowserLaunchButtonProps) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  // The agent pushes `starterror` just before it answers the start: the push names the reason
  // (and, for another computer, which one and who), the answer's text cannot carry the names.
  const startError = useRef<string | null>(null);
  const { events } = runtime;
  useEffect(
    () =>
      events.on('bridgePush', (push) => {
        if (push.push !== 'starterror') return;
        const failure = startErrorPushSchema.safeParse(push.parameter);
        if (failure.success && failure.data.profileId === profileId) startError.current = startErrorText(t, failure.data.reason, failure.data.elsewhere);
      }),
    [events, profileId, t],
  );
  const launching = busy || running?.state === 'launching';
  const blocked = !running && !launching && elsewhere !== null;

  const act = async (headless = false) => {
    if (!runtime.bridge) return;
    setBusy(true);
    startError.current = null;
    try {
      if (running) {
        await runtime.bridge.request('stopBrowser', { profileId });
      } else {
        await runtime.shareSession();
        await runtime.bridge.request('startBrowser', { profileId, headless });
      }
    } catch (error) {
      message.error(startError.current ?? (error instanceof BridgeCallError && error.msg ? error.msg : t('startError.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space size={4}>
      <Tooltip title={blocked && elsewhere ? startErrorText(t, 'openElsewhere', elsewhere) : undefined}>
        <Space.Compact size="small">
          <Button
            type={running?.state === 'running' ? 'default' : 'primary'}
            loading={launching}
            disabled={blocked}
            onClick={() => void act()}
            data-testid={`profile-launch-${profileId}`}
            data-blocked={blocked ? '1' : '0'}
          >
            {launching ? t('profiles.launching') : running ? t('profiles.closeBrowser') : t('profiles.openBrowser')}
          </Button>
          {running || launching ? null : (
            <Dropdown
              trigger={['click']}
              disabled={blocked}
              menu={{ items: [{ key: 'headless', label: <span data-testid={`profile-launch-headless-${profileId}`}>{t('profiles.openHeadless')}</span> }], onClick: () => void act(true) }}
            >
              <Button type="primary" disabled={blocked} icon={<DownOutlined />} aria-label={t('profiles.moreOpenOptions')} data-testid={`profile-launch-more-${profileId}`} />
            </Dropdown>
          )}
        </Space.Compact>
      </Tooltip>
      {running?.state === 'running' ? (
        <Tooltip title={running.headless ? t('profiles.headlessTag') : undefined}>
          <Tag color="green" icon={running.headless ? <EyeInvisibleOutlined aria-label={t('profiles.headlessTag')} /> : undefined} data-testid={`profile-running-${profileId}`} data-headless={running.headless ? '1' : '0'}>
            #{running.number}
          </Tag>
        </Tooltip>
      ) : null}
    </Space>
  );
}
