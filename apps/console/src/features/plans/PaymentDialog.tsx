import { subscriptionsCall } from '@facet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Result, Tabs, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/Preferences.tsx';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { formatAmount } from './money.ts';
import { OrderSection, PaymentModal, useOrderWatch } from './OrderSection.tsx';
import { countLabel, TimeOptions } from './TimeOptions.tsx';
import { storageAmount } from './storageLabel.ts';
import { QueryStatus } from '../../ui/QueryStatus.tsx';

const CUSTOM = 'custom';

/** A footer line as the server sends it: an i18n key and a raw number (total in cents, storage in bytes, -1 unlimited). */
export function footerValue(k: string, v: string, symbol: string, languageTag: string, t: TFunction): string {
  if (k === 'plan.footer.total') return formatAmount(Number(v), symbol, languageTag);
  if (k === 'plan.footer.profiles' || k === 'plan.footer.subAccounts') return countLabel(v, t);
  if (k === 'plan.footer.storage') return storageAmount(v, t, languageTag);
  return v;
}

/**
 * Buying a plan (spec "payment" modal): a tab per plan and one for a custom plan, how long,
 * the summary, and the order to pay (QR code and methods). Every answer opens a new order.
 */
export function PaymentDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { api, config } = useRuntime();
  const { language } = usePreferences();
  const [type, setType] = useState<string | undefined>(undefined);
  const [time, setTime] = useState<string | undefined>(undefined);
  const view = useQuery({
    queryKey: ['subscriptions', type ?? null, time ?? null],
    queryFn: () => api.call(subscriptionsCall, { ...(type ? { type } : {}), ...(time ? { time } : {}) }),
    // Each answer is a new order: never served from cache, never refetched behind the person's back.
    gcTime: 0,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const data = view.data;
  const s = data?.s ?? null;
  useOrderWatch(s, onClose);

  const tabs = data?.navigation ?? [];
  // Without a type the server answers for the first plan (the custom tab when none is offered).
  const activeTab = type ?? tabs.find((tab) => tab.type === 'plan')?.id ?? tabs[0]?.id;
  const active = tabs.find((tab) => tab.id === activeTab);
  const custom = active?.type === CUSTOM;
  const refreshing = view.isFetching;

  let body;
  if (!data) {
    body = <QueryStatus error={view.error} onRetry={() => void view.refetch()} testId="payment-error" />;
  } else {
    body = (
      <>
        <Tabs
          activeKey={activeTab}
          onChange={(key) => setType(key)}
          items={tabs.map((tab) => ({
            key: tab.id,
            label: (
              <span data-testid={`payment-tab-${tab.id}`}>
                {tab.type === CUSTOM ? t('payment.custom') : (tab.plan?.name ?? tab.id)}
                {tab.tag ? (
                  <Tag color="blue" style={{ marginInlineStart: 6, marginInlineEnd: 0 }}>
                    {t(tab.tag)}
                  </Tag>
                ) : null}
              </span>
            ),
          }))}
        />
        {tabs.every((tab) => tab.type === CUSTOM) ? <Alert type="info" showIcon title={t('payment.noPlans')} style={{ marginBottom: 16 }} data-testid="payment-no-plans" /> : null}
        {custom ? (
          <CustomPlanContact email={config.support.email} />
        ) : (
          <Flex vertical gap={16}>
            {active?.plan?.description ? <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{active.plan.description}</Typography.Paragraph> : null}
            <TimeOptions options={data.time} symbol={data.symbol} disabled={refreshing} onChange={setTime} />
            <OrderSection
              order={data}
              receivedAt={view.dataUpdatedAt}
              refreshing={refreshing}
              onRefresh={() => void view.refetch()}
              summary={data.footer.map(({ k, v }) => ({
                key: k,
                label: t(k),
                children: <span data-testid={`payment-footer-${k.split('.').pop() ?? k}`}>{footerValue(k, v, data.symbol, language.tag, t)}</span>,
              }))}
            />
          </Flex>
        )}
      </>
    );
  }

  return (
    <PaymentModal title={t('payment.buyTitle')} order={s} onClose={onClose}>
      {body}
    </PaymentModal>
  );
}

/** The custom-plan tab: who to write to for more than any plan offers. */
export function CustomPlanContact({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t('payment.customTitle')}
      subTitle={t('payment.customIntro')}
      extra={
        email ? (
          <Button type="primary" href={`mailto:${email}`} data-testid="payment-custom-email">
            {t('payment.customWrite', { email })}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('payment.customNoEmail')}</Typography.Text>
        )
      }
      data-testid="payment-custom"
    />
  );
}
