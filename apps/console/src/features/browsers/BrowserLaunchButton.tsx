import type { ProfileLease, RunningBrowser } from '@facet/contracts';
import { DownOutlined, EyeInvisibleOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { BridgeCallError } from '../../lib/bridge.ts';
import { startErrorText } from './startErrorText.ts';
import { noteOfCallError } from './startFailures.ts';
import { useStartFailures } from './useStartFailure.ts';

interface BrowserLaunchButtonProps {
  profileId: string;
  running: RunningBrowser | undefined;
  /** Another computer has it open: Open stays disabled and says so. */
  elsewhere?: ProfileLease | null;
  /** The arrow's "Open remotely…": run it on a team host instead (features/remote). */
  onOpenRemotely?: (() => void) | undefined;
}

/**
 * Open or close one profile's browser through the desktop agent. While it runs, its numbered
 * icon shows beside the button; a failed start says why (the agent names the reason), at once
 * and on the row until it starts (StartFailedTag). The arrow opens it without a window
 * (headless), for work scripts do through the local API.
 */
export function BrowserLaunchButton({ profileId, running, elsewhere = null, onOpenRemotely }: BrowserLaunchButtonProps) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const failures = useStartFailures();
  const launching = busy || running?.state === 'launching';
  const blocked = !running && !launching && elsewhere !== null;

  const act = async (headless = false) => {
    if (!runtime.bridge) return;
    setBusy(true);
    const stopping = running !== undefined;
    // The agent pushes `starterror` just before it answers a failed start: the push names the
    // reason (and, for another computer, which one and who), which the answer's text cannot.
    const before = failures.get(profileId);
    try {
      if (stopping) {
        await runtime.bridge.request('stopBrowser', { profileId });
      } else {
        await runtime.shareSession();
        await runtime.bridge.request('startBrowser', { profileId, headless });
      }
    } catch (error) {
      const said = error instanceof BridgeCallError && error.msg ? error.msg : null;
      if (stopping) return void message.error(said ?? t('error.operationFailed'));
      // No push came: the failure is the call's own; the row keeps it either way.
      if (failures.get(profileId) === before) failures.note(profileId, noteOfCallError(said));
      const failure = failures.get(profileId)!;
      message.error(failure.message ?? startErrorText(t, failure.reason, failure.elsewhere));
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
              // Open elsewhere, it may still be watched on its host (Open remotely… offers Watch).
              disabled={blocked && !onOpenRemotely}
              menu={{
                items: [
                  { key: 'headless', disabled: blocked, label: <span data-testid={`profile-launch-headless-${profileId}`}>{t('profiles.openHeadless')}</span> },
                  ...(onOpenRemotely ? [{ key: 'remote', label: <span data-testid={`profile-launch-remote-${profileId}`}>{t('remote.openRemotely')}</span> }] : []),
                ],
                onClick: ({ key }) => (key === 'remote' ? onOpenRemotely?.() : void act(true)),
              }}
            >
              <Button type="primary" disabled={blocked && !onOpenRemotely} icon={<DownOutlined />} aria-label={t('profiles.moreOpenOptions')} data-testid={`profile-launch-more-${profileId}`} />
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
