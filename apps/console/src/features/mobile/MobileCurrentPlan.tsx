import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { PlanStateTag, storageUsageLabel, usageLabel, usePlanStatus } from '../plans/index.ts';
import { usePreferences } from '../../lib/Preferences.tsx';
import { QueryStatus } from '../../ui/QueryStatus.tsx';

/** The plan in force for the team (a sub-account sees its main account's): state, name, expiry, use. */
export function MobileCurrentPlan() {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const { language } = usePreferences();
  const status = usePlanStatus();
  const plan = status.data;
  if (!plan) return <QueryStatus error={status.error} onRetry={() => void status.refetch()} />;
  return (
    <Card size="small" title={t('mobile.currentPlan')} data-testid="mobile-current-plan" data-state={plan.state}>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'state', label: t('plan.fields.state'), children: <PlanStateTag state={plan.state} /> },
          { key: 'name', label: t('plan.fields.name'), children: <span data-testid="mobile-plan-name">{plan.plan?.name ?? t('plan.freeName')}</span> },
          { key: 'expires', label: t('plan.fields.expires'), children: plan.expiresAt !== null ? formatDate(plan.expiresAt) : t('plan.noExpiry') },
          { key: 'profiles', label: t('plan.footer.profiles'), children: usageLabel(plan.profiles.used, plan.profiles.limit, t) },
          { key: 'subAccounts', label: t('plan.footer.subAccounts'), children: usageLabel(plan.subAccounts.used, plan.subAccounts.limit, t) },
          {
            key: 'storage',
            label: t('plan.footer.storage'),
            children: <span data-testid="mobile-plan-storage">{storageUsageLabel(plan.storage.used, plan.storage.limit, t, language.tag)}</span>,
          },
        ]}
      />
    </Card>
  );
}
