import { CloudServerOutlined, CustomerServiceOutlined, CrownOutlined, RightOutlined, TeamOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Flex, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { displayName } from '../../lib/displayName.ts';
import { useMember, useSignOut } from '../auth/index.ts';
import { mobilePaths } from './mobilePaths.ts';

/** /mobile/my: who is signed in, the way to the other mobile screens, and logout. */
export default function MobileMyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: member } = useMember();
  const signOut = useSignOut();
  if (!member) return null;
  const links = [
    { key: mobilePaths.package, icon: <CrownOutlined />, label: t('mobile.package'), testId: 'mobile-my-package' },
    // Sub-accounts are managed by the main account only (spec §6).
    ...(member.type === 'main' ? [{ key: mobilePaths.accounts, icon: <TeamOutlined />, label: t('menu.sub'), testId: 'mobile-my-accounts' }] : []),
    // The team's hosts and the profiles open on them: the way to a remote run from a phone.
    { key: mobilePaths.hosts, icon: <CloudServerOutlined />, label: t('menu.hosts'), testId: 'mobile-my-hosts' },
    { key: mobilePaths.kf, icon: <CustomerServiceOutlined />, label: t('mobile.kf'), testId: 'mobile-my-kf' },
  ];
  return (
    <Flex vertical gap={12} data-testid="screen-mobile-my">
      <Card title={displayName(member, t('shell.defaultUser'))}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('userinfo.email')}>{member.email === 'unbound' ? t('common.unbound') : member.email}</Descriptions.Item>
          <Descriptions.Item label={t('userinfo.type')}>{member.type === 'main' ? t('shell.mainAccount') : t('shell.subAccount')}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" styles={{ body: { padding: 0 } }}>
        <Menu
          mode="inline"
          selectable={false}
          style={{ borderInlineEnd: 'none', background: 'transparent' }}
          onClick={({ key }) => void navigate(key)}
          items={links.map(({ key, icon, label, testId }) => ({
            key,
            icon,
            label: (
              <Flex justify="space-between" align="center" data-testid={testId}>
                {label}
                <RightOutlined style={{ fontSize: 12 }} />
              </Flex>
            ),
            style: { height: 52, lineHeight: '52px', margin: 0, width: '100%' },
          }))}
        />
      </Card>
      <Alert type="info" showIcon title={t('mobile.desktopHint')} />
      <Button danger block onClick={() => void signOut()}>
        {t('shell.user.logout')}
      </Button>
    </Flex>
  );
}
