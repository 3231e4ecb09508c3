import { Alert, Button, Card, Descriptions, Flex, Progress, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { useMember } from '../auth/index.ts';
import { PageTitle } from '../../ui/PageTitle.tsx';
import { isUnlimited } from './money.ts';
import { OrderPayment } from './OrderPayment.tsx';
import { PaymentDialog } from './PaymentDialog.tsx';
import { usePlanStatus } from './planQueries.ts';
import { PlanStateTag } from './PlanStateTag.tsx';
import { RenewalDialog } from './RenewalDialog.tsx';
import { usageLabel } from './TimeOptions.tsx';
import { storageUsageLabel } from './storageLabel.ts';
import { usePreferences } from '../../lib/Preferences.tsx';
import { QueryStatus } from '../../ui/QueryStatus.tsx';

type Dialog = 'buy' | 'renew' | 'change';

/**
 * /wel/account/package: the plan in force and its use. A main account buys (no plan yet),
 * renews or changes it; a sub-account sees its main account's plan and is told to ask it.
 * `?order=ID` is where the operator's and the crypto method's checkout lead (OrderPayment).
 */
export default function PlanPage() {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const { language } = usePreferences();
  const member = useMember();
  const status = usePlanStatus();
  const [params] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const order = params.get('order');
  const isSub = member.data?.type === 'sub';
  const plan = status.data;

  let content;
  if (!plan) {
    content = <QueryStatus error={status.error} onRetry={() => void status.refetch()} />;
  } else {
    content = (
      <Card>
        <Flex vertical gap={16}>
          <Descriptions
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'state', label: t('plan.fields.state'), children: <PlanStateTag state={plan.state} /> },
              { key: 'name', label: t('plan.fields.name'), children: <span data-testid="plan-name">{plan.plan?.name ?? t('plan.freeName')}</span> },
              {
                key: 'expires',
                label: t('plan.fields.expires'),
                children: <span data-testid="plan-expires">{plan.expiresAt !== null ? formatDate(plan.expiresAt) : t('plan.noExpiry')}</span>,
              },
              { key: 'profiles', label: t('plan.footer.profiles'), children: <Usage testId="plan-profiles" {...plan.profiles} /> },
              { key: 'subAccounts', label: t('plan.footer.subAccounts'), children: <Usage testId="plan-subaccounts" {...plan.subAccounts} /> },
              {
                key: 'storage',
                label: t('plan.footer.storage'),
                children: <Usage testId="plan-storage" {...plan.storage} label={storageUsageLabel(plan.storage.used, plan.storage.limit, t, language.tag)} />,
              },
            ]}
          />
          {isSub ? (
            <Alert type="info" showIcon title={t('plan.subNotice')} data-testid="plan-sub-notice" />
          ) : (
            <Space wrap>
              {plan.plan === null ? (
                <Button type="primary" onClick={() => setDialog('buy')} data-testid="plan-buy">
                  {t('plan.buy')}
                </Button>
              ) : (
                <>
                  <Button type="primary" onClick={() => setDialog('renew')} data-testid="plan-renew">
                    {t('plan.renew')}
                  </Button>
                  <Button onClick={() => setDialog('change')} data-testid="plan-change">
                    {t('plan.change')}
                  </Button>
                </>
              )}
            </Space>
          )}
        </Flex>
      </Card>
    );
  }

  return (
    <div data-testid="screen-package">
      <div data-testid="plan-page">
        <PageTitle>{t('menu.package')}</PageTitle>
        {order ? <OrderPayment order={order} /> : null}
        {content}
        {dialog === 'buy' ? <PaymentDialog onClose={() => setDialog(null)} /> : null}
        {dialog === 'renew' || dialog === 'change' ? <RenewalDialog intent={dialog} onClose={() => setDialog(null)} /> : null}
      </div>
    </div>
  );
}

/** "used / limit" (or `label`, e.g. in bytes) with a bar; -1 is unlimited and has no bar. */
function Usage({ used, limit, testId, label }: { used: number; limit: number; testId: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={12}>
      <span data-testid={testId} data-used={used} data-limit={limit}>
        {label ?? usageLabel(used, limit, t)}
      </span>
      {isUnlimited(limit) ? null : (
        <Progress percent={limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100} size="small" showInfo={false} status={used >= limit ? 'exception' : 'normal'} style={{ width: 120, margin: 0 }} />
      )}
    </Flex>
  );
}
