import { Alert, Button, Card, Descriptions, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../lib/displayName.ts';
import { useMember, useSignOut } from '../auth/session.ts';

/** /mobile/my: who is signed in, the plan, and logout. */
export default function MobileMyPage() {
  const { t } = useTranslation();
  const { data: member } = useMember();
  const signOut = useSignOut();
  if (!member) return null;
  return (
    <Flex vertical gap={12} data-testid="screen-mobile-my">
      <Card title={displayName(member, t('shell.defaultUser'))}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('userinfo.email')}>{member.email === 'unbound' ? t('common.unbound') : member.email}</Descriptions.Item>
          <Descriptions.Item label={t('userinfo.type')}>{member.type === 'main' ? t('shell.mainAccount') : t('shell.subAccount')}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Alert type="info" showIcon title={t('mobile.desktopHint')} />
      <Button danger block onClick={() => void signOut()}>
        {t('shell.user.logout')}
      </Button>
    </Flex>
  );
}
