import { subscriptionRenewalCall } from '@facet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Flex, Radio, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/Preferences.tsx';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { formatAmount } from './money.ts';
import { OrderSection, PaymentModal, useOrderWatch } from './OrderSection.tsx';
import { stateColor } from './PlanStateTag.tsx';
import { countLabel, monthsLabel, TimeOptions, usageLabel } from './TimeOptions.tsx';
import { storageUsageLabel } from './storageLabel.ts';
import { QueryStatus } from '../../ui/QueryStatus.tsx';

/**
 * Renewing the plan in force or changing to another (spec "renewal" modal): the account's plan
 * at the top, the plans to choose from, how long, and the order to pay. `intent` 'change' starts
 * on the first plan other than the current one.
 */
export function RenewalDialog({ intent, onClose }: { intent: 'renew' | 'change'; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { language } = usePreferences();
  const formatDate = useDateTimeFormat();
  const [type, setType] = useState<string | undefined>(undefined);
  const [time, setTime] = useState<string | undefined>(undefined);
  const view = useQuery({
    queryKey: ['subscriptionRenewal', type ?? null, time ?? null],
    queryFn: () => api.call(subscriptionRenewalCall, { ...(type ? { type } : {}), ...(time ? { time } : {}), click: type !== undefined }),
    gcTime: 0,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const data = view.data;
  const s = data?.s ?? null;
  useOrderWatch(s, onClose);

  // The server starts on the plan in force; "change plan" moves to the first other one.
  const firstChange = data?.plan.find((plan) => plan.type === 'change')?.id;
  useEffect(() => {
    if (intent === 'change' && type === undefined && firstChange !== undefined) setType(firstChange);
  }, [intent, type, firstChange]);

  const refreshing = view.isFetching;
  const selected = data?.plan.find((plan) => plan.selected);
  const selectedTime = data?.time.list.find((option) => option.selected);

  let body;
  if (!data) {
    body = <QueryStatus error={view.error} onRetry={() => void view.refetch()} testId="payment-error" />;
  } else {
    const { header } = data.dashboard;
    body = (
      <Flex vertical gap={16}>
        <Card size="small" data-testid="renewal-dashboard">
          <Flex justify="space-between" align="center" wrap gap={8}>
            <span>
              <Typography.Text strong>{header.intro || t('plan.noPlan')}</Typography.Text>
              {header.tag ? (
                <Tag color={stateColor(header.tag)} style={{ marginInlineStart: 8 }}>
                  {t(header.tag)}
                </Tag>
              ) : null}
              <br />
              <Typography.Text type="secondary">{header.account}</Typography.Text>
            </span>
            <Typography.Text type="secondary">{header.expTime !== null ? t('plan.expiresOn', { time: formatDate(header.expTime) }) : null}</Typography.Text>
          </Flex>
          <Flex gap={24} wrap style={{ marginTop: 8 }}>
            {data.dashboard.data.map(({ k, v }) => {
              const [used = v, limit = ''] = v.split('/');
              // Storage comes in bytes ('1288490188/5368709120'); the counts as they are.
              const usage = k === 'plan.footer.storage' ? storageUsageLabel(used, limit, t, language.tag) : usageLabel(used, limit, t);
              return (
                <Typography.Text key={k}>
                  {t(k)}: <Typography.Text strong>{limit ? usage : v}</Typography.Text>
                </Typography.Text>
              );
            })}
          </Flex>
        </Card>
        <Flex vertical gap={6}>
          <Typography.Text strong>{t('payment.choosePlan')}</Typography.Text>
          <Radio.Group value={selected?.id} disabled={refreshing} onChange={(event) => setType(String(event.target.value))} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {data.plan.map((plan) => (
              <Radio key={plan.id} value={plan.id}>
                <Typography.Text strong data-testid={`payment-tab-${plan.id}`} data-selected={plan.selected}>
                  {plan.name}
                </Typography.Text>
                <Tag color={plan.type === 'renew' ? 'green' : 'blue'} style={{ marginInline: 8 }}>
                  {t(plan.type === 'renew' ? 'payment.renewTag' : 'payment.changeTag')}
                </Tag>
                <Typography.Text type="secondary">
                  {t('payment.planLine', { profiles: countLabel(plan.profiles, t), subAccounts: countLabel(plan.subaccount, t) })} ·{' '}
                  {formatAmount(plan.amount, data.symbol, language.tag)} / {monthsLabel(plan.mo, t)}
                </Typography.Text>
              </Radio>
            ))}
          </Radio.Group>
        </Flex>
        <TimeOptions options={data.time.list} symbol={data.symbol} disabled={refreshing || data.time.only} onChange={setTime} />
        <OrderSection
          order={data}
          receivedAt={view.dataUpdatedAt}
          refreshing={refreshing}
          onRefresh={() => void view.refetch()}
          summary={[
            { key: 'plan', label: t('plan.fields.name'), children: selected?.name ?? '' },
            { key: 'months', label: t('plan.footer.months'), children: selectedTime ? selectedTime.months : '' },
            {
              key: 'total',
              label: t('plan.footer.total'),
              children: <span data-testid="payment-footer-total">{selectedTime ? formatAmount(selectedTime.amount, data.symbol, language.tag) : ''}</span>,
            },
          ]}
        />
      </Flex>
    );
  }

  return (
    <PaymentModal title={t(intent === 'change' ? 'payment.changeTitle' : 'payment.renewTitle')} order={s} onClose={onClose}>
      {body}
    </PaymentModal>
  );
}
