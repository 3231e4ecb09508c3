import { ClearOutlined, DownOutlined, HistoryOutlined, IdcardOutlined, LogoutOutlined, PoweroffOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import type { Member } from '@facet/contracts';
import { App, Avatar, Button, Dropdown, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { displayName } from '../../lib/displayName.ts';
import { clearAll } from '../../lib/storage.ts';
import { welRoutes } from '../../lib/routes.ts';
import { useSignOut } from '../../features/auth/index.ts';
import { fallbackAccountSettings, useAccountSettings } from '../../features/settings/index.ts';
import { loadUpdateLogDialog } from '../../features/updates/index.ts';
import { deferred } from '../../lib/deferred.tsx';

// Opened from the menu on demand: the shell shows without its code (lib/deferred.tsx).
const UpdateLogDialog = deferred(loadUpdateLogDialog);

/**
 * Account info, identity verification (client), the update log, clearing what the console keeps
 * on this computer, and logout (spec §2, §3). Logout
 * asks first unless the global settings say not to: in the desktop client the question warns
 * that every browser it opened closes.
 */
export function UserMenu({ member, compact = false }: { member: Member; compact?: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { mode } = useRuntime();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const accountSettings = useAccountSettings();
  const [updateLogOpen, setUpdateLogOpen] = useState(false);
  const { events } = useRuntime();
  const name = displayName(member, t('shell.defaultUser'));
  // Until the settings are known (or when they cannot be read), the safe default: ask.
  const askFirst = (accountSettings.data ?? fallbackAccountSettings).confirmLogoutWithBrowsers;

  const logout = () => {
    if (!askFirst) return void signOut();
    modal.confirm({
      title: t('shell.logout.title'),
      content: mode === 'client' ? t('shell.logout.bodyClient') : t('shell.logout.body'),
      okText: t('shell.logout.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'logout-confirm' },
      onOk: signOut,
    });
  };

  // Spec §3: everything this console keeps on this computer goes, and with it the sign-in.
  const clearHistory = () => {
    modal.confirm({
      title: t('shell.clearHistory.title'),
      content: mode === 'client' ? t('shell.clearHistory.bodyClient') : t('shell.clearHistory.body'),
      okText: t('shell.clearHistory.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'clear-history-confirm' },
      onOk: async () => {
        await signOut();
        clearAll();
        // A fresh start: language, theme and tabs back to their defaults.
        window.location.replace('/login');
      },
    });
  };

  const onMenu = (key: string) => {
    if (key === 'logout') return logout();
    if (key === 'clearHistory') return clearHistory();
    if (key === 'updateLog') return setUpdateLogOpen(true);
    if (key === 'exit') return void events.emit('exitRequested', true);
    void navigate(key === 'kyc' ? welRoutes.kyc : welRoutes.userinfo);
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'info', icon: <IdcardOutlined />, label: t('shell.user.info') },
            ...(mode === 'client' ? [{ key: 'kyc', icon: <SafetyCertificateOutlined />, label: t('shell.user.kyc') }] : []),
            { key: 'updateLog', icon: <HistoryOutlined />, label: <span data-testid="update-log-open">{t('updateLog.open')}</span> },
            { key: 'clearHistory', icon: <ClearOutlined />, label: <span data-testid="clear-history">{t('shell.clearHistory.open')}</span> },
            { type: 'divider' as const },
            { key: 'logout', icon: <LogoutOutlined />, danger: true, label: <span data-testid="logout">{t('shell.user.logout')}</span> },
            ...(mode === 'client' ? [{ key: 'exit', icon: <PoweroffOutlined />, label: <span data-testid="exit-open">{t('shell.exit.open')}</span> }] : []),
          ],
          onClick: ({ key }) => onMenu(key),
        }}
      >
        <Button type="text" aria-label={compact ? name : undefined} data-testid="user-menu">
          <Flex align="center" gap={8}>
            <Avatar size="small" icon={<UserOutlined />} />
            {/* A phone's toolbar shows the avatar alone; the menu's first entry is the account. */}
            {compact ? null : (
              <Typography.Text ellipsis style={{ maxWidth: 160 }} title={name}>
                {name}
              </Typography.Text>
            )}
            <DownOutlined style={{ fontSize: 10 }} />
          </Flex>
        </Button>
      </Dropdown>
      {updateLogOpen ? <UpdateLogDialog onClose={() => setUpdateLogOpen(false)} /> : null}
    </>
  );
}
