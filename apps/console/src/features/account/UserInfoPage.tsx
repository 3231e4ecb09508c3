import { UNBOUND, type Member } from '@facet/contracts';
import { Button, Descriptions, Divider, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/Preferences.tsx';
import { useMember } from '../auth/index.ts';
import { type BindKind, useOpenBind } from '../binding/index.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

function planText(member: Member, t: (key: string, vars?: Record<string, string>) => string, format: (ms: number) => string): string {
  const { expiresAt, expired } = member.subscription;
  if (expiresAt === null) return t('userinfo.planNone');
  return expired ? t('userinfo.planExpiredOn', { date: format(expiresAt) }) : t('userinfo.planActiveUntil', { date: format(expiresAt) });
}

/** Account info (spec §2 user menu) with the change-password form. */
export default function UserInfoPage() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const { data: member } = useMember();
  const openBind = useOpenBind();
  if (!member) return null;
  const format = (ms: number) => new Intl.DateTimeFormat(language.tag, { dateStyle: 'long' }).format(ms);
  const shown = (value: string) => (value === UNBOUND ? <Typography.Text type="secondary">{t('common.unbound')}</Typography.Text> : value);
  // Bind when unbound, change (bind another) when bound: the bind dialogs replace what was bound.
  const withBind = (kind: BindKind, value: string) => (
    <Flex align="center" justify="space-between" gap={12} wrap>
      <span data-testid={`userinfo-${kind}`}>{shown(value)}</span>
      <Button size="small" type="link" onClick={() => openBind(kind)} data-testid={`userinfo-bind-${kind}`}>
        {value === UNBOUND ? t(kind === 'phone' ? 'binding.bindPhone' : 'binding.bindEmail') : t(kind === 'phone' ? 'binding.changePhone' : 'binding.changeEmail')}
      </Button>
    </Flex>
  );
  return (
    <div data-testid="screen-userinfo">
      <PageTitle>{t('userinfo.title')}</PageTitle>
      <Descriptions bordered column={1} size="middle" style={{ maxWidth: 640 }}>
        <Descriptions.Item label={t('userinfo.name')}>{member.name}</Descriptions.Item>
        <Descriptions.Item label={t('userinfo.email')}>{withBind('email', member.email)}</Descriptions.Item>
        <Descriptions.Item label={t('userinfo.phone')}>{withBind('phone', member.phone)}</Descriptions.Item>
        <Descriptions.Item label={t('userinfo.type')}>
          <Tag color={member.type === 'main' ? 'blue' : 'purple'}>{member.type === 'main' ? t('shell.mainAccount') : t('shell.subAccount')}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('userinfo.plan')}>{planText(member, t, format)}</Descriptions.Item>
        {member.invitationCode ? (
          <Descriptions.Item label={t('userinfo.invitationCode')}>
            <Typography.Text copyable code>
              {member.invitationCode}
            </Typography.Text>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('userinfo.created')}>{format(member.createdAt)}</Descriptions.Item>
      </Descriptions>
      <Divider titlePlacement="start">{t('userinfo.changePassword')}</Divider>
      <ChangePasswordForm />
    </div>
  );
}
