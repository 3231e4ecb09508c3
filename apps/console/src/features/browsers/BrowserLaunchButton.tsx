import type { RunningBrowser } from '@facet/contracts';
import { DownOutlined, EyeInvisibleOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { BridgeCallError } from '../../lib/bridge.ts';

/**
 * Open or close one profile's browser through the desktop agent. While it runs, its numbered
 * icon shows beside the button; a failed start says why (the agent names the reason). The arrow
 * opens it without a window (headless), for work scripts do through the local API.
 */
export function BrowserLaunchButton({ profileId, running }: { profileId: string; running: RunningBrowser | undefined }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const launching = busy || running?.state === 'launching';

  const act = async (headless = false) => {
    if (!runtime.bridge) return;
    setBusy(true);
    try {
      if (running) {
        await runtime.bridge.request('stopBrowser', { profileId });
      } else {
        await runtime.shareSession();
        await runtime.bridge.request('startBrowser', { profileId, headless });
      }
    } catch (error) {
      message.error(error instanceof BridgeCallError && error.msg ? error.msg : t('startError.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space size={4}>
      <Space.Compact size="small">
        <Button type={running?.state === 'running' ? 'default' : 'primary'} loading={launching} onClick={() => void act()} data-testid={`profile-launch-${profileId}`}>
          {launching ? t('profiles.launching') : running ? t('profiles.closeBrowser') : t('profiles.openBrowser')}
        </Button>
        {running || launching ? null : (
          <Dropdown
            trigger={['click']}
            menu={{ items: [{ key: 'headless', label: <span data-testid={`profile-launch-headless-${profileId}`}>{t('profiles.openHeadless')}</span> }], onClick: () => void act(true) }}
          >
            <Button type="primary" icon={<DownOutlined />} aria-label={t('profiles.moreOpenOptions')} data-testid={`profile-launch-more-${profileId}`} />
          </Dropdown>
        )}
      </Space.Compact>
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
