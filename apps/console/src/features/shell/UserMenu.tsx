import { DownOutlined, IdcardOutlined, LogoutOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import type { Member } from '@facet/contracts';
import { App, Avatar, Button, Dropdown, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { displayName } from '../../lib/displayName.ts';
import { welRoutes } from '../../lib/routes.ts';
import { useSignOut } from '../auth/session.ts';

/** Account info, identity verification (client) and logout with confirmation (spec §2). */
export function UserMenu({ member }: { member: Member }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { mode } = useRuntime();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const name = displayName(member, t('shell.defaultUser'));

  const confirmLogout = () =>
    modal.confirm({
      title: t('shell.logout.title'),
      content: mode === 'client' ? t('shell.logout.bodyClient') : t('shell.logout.body'),
      okText: t('shell.logout.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'logout-confirm' },
      onOk: signOut,
    });

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'info', icon: <IdcardOutlined />, label: t('shell.user.info') },
          ...(mode === 'client' ? [{ key: 'kyc', icon: <SafetyCertificateOutlined />, label: t('shell.user.kyc') }] : []),
          { type: 'divider' as const },
          { key: 'logout', icon: <LogoutOutlined />, danger: true, label: <span data-testid="logout">{t('shell.user.logout')}</span> },
        ],
        onClick: ({ key }) => (key === 'logout' ? confirmLogout() : void navigate(key === 'kyc' ? welRoutes.kyc : welRoutes.userinfo)),
      }}
    >
      <Button type="text" data-testid="user-menu">
        <Flex align="center" gap={8}>
          <Avatar size="small" icon={<UserOutlined />} />
          <Typography.Text ellipsis style={{ maxWidth: 160 }}>
            {name}
          </Typography.Text>
          <DownOutlined style={{ fontSize: 10 }} />
        </Flex>
      </Button>
    </Dropdown>
  );
}
