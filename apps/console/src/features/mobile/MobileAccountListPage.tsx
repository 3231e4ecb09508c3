import { DeleteOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import type { SubAccount } from '@facet/contracts';
import { Alert, Button, Card, Empty, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { useMember } from '../auth/index.ts';
import { usageLabel, usePlanStatus } from '../plans/index.ts';
import { DeleteSubAccountDialog, useSubAccounts } from '../subAccounts/index.ts';
import { MobilePage } from './MobilePage.tsx';
import { mobilePaths } from './mobilePaths.ts';
import { QueryStatus } from '../../ui/QueryStatus.tsx';

/** /mobile/account/list: the main account's sub-accounts; a tap edits one, the button adds one. */
export default function MobileAccountListPage() {
  const { t } = useTranslation();
  const member = useMember();
  return (
    <MobilePage title={t('subAccounts.title')} back={mobilePaths.my} testId="mobile-accounts">
      {member.data?.type === 'sub' ? <Alert type="info" showIcon title={t('code.mainAccountOnly')} data-testid="mobile-sub-notice" /> : member.data ? <AccountList /> : null}
    </MobilePage>
  );
}

function AccountList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const subAccounts = useSubAccounts();
  const status = usePlanStatus();
  const [deleting, setDeleting] = useState<SubAccount | undefined>(undefined);
  if (!subAccounts.data) return <QueryStatus error={subAccounts.error} onRetry={() => void subAccounts.refetch()} />;
  const { list } = subAccounts.data;
  return (
    <Flex vertical gap={12}>
      <Button type="primary" block icon={<PlusOutlined />} onClick={() => void navigate(mobilePaths.manage())} data-testid="mobile-account-add">
        {t('subAccounts.create')}
      </Button>
      {status.data ? (
        <Typography.Text type="secondary" data-testid="mobile-accounts-usage">
          {t('plan.footer.subAccounts')}: {usageLabel(status.data.subAccounts.used, status.data.subAccounts.limit, t)}
        </Typography.Text>
      ) : null}
      {list.length === 0 ? (
        <Empty
          data-testid="mobile-accounts-empty"
          description={
            <>
              <Typography.Text strong>{t('subAccounts.emptyTitle')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('subAccounts.emptyBody')}</Typography.Text>
            </>
          }
        />
      ) : null}
      {list.map((sub) => (
        <AccountCard key={sub.id} sub={sub} onOpen={() => void navigate(mobilePaths.manage(sub.id))} onDelete={() => setDeleting(sub)} />
      ))}
      {deleting ? (
        <DeleteSubAccountDialog
          subAccount={deleting}
          onClose={() => {
            setDeleting(undefined);
            void status.refetch(); // the sub-account use shown above may have dropped
          }}
        />
      ) : null}
    </Flex>
  );
}

function AccountCard({ sub, onOpen, onDelete }: { sub: SubAccount; onOpen: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  return (
    <Card size="small" hoverable onClick={onOpen} data-testid={`mobile-account-${sub.id}`}>
      <Flex align="center" gap={8}>
        <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text strong ellipsis>
            {sub.username}
            {sub.nickname ? <Typography.Text type="secondary"> · {sub.nickname}</Typography.Text> : null}
          </Typography.Text>
          {sub.platformAccount ? (
            <Typography.Text type="secondary" ellipsis>
              {t('subAccounts.platformAccount')}: {sub.platformAccount}
            </Typography.Text>
          ) : null}
          <Typography.Text type="secondary">
            {t('subAccounts.profileCount')}: {sub.profileCount} · {t('subAccounts.lastLoginAt')}: {sub.lastLoginAt === null ? t('subAccounts.never') : formatDate(sub.lastLoginAt)}
          </Typography.Text>
        </Flex>
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('subAccounts.delete')}
          onClick={(event) => {
            event.stopPropagation(); // deleting is not opening
            onDelete();
          }}
          data-testid={`mobile-account-delete-${sub.id}`}
        />
        <RightOutlined />
      </Flex>
    </Card>
  );
}
