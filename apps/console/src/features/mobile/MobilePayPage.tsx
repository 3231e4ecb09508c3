import { subscriptionRenewalCall, subscriptionsCall, type CallResponse } from '@facet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, QRCode, Result, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { usePreferences } from '../../lib/Preferences.tsx';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { useMember } from '../auth/index.ts';
import { footerValue, formatAmount, type OrderView, PaymentMethods, useOrderWatch, useQrStatus } from '../plans/index.ts';
import { MobilePage } from './MobilePage.tsx';
import { mobilePaths, type PayKind } from './mobilePaths.ts';
import { QueryStatus } from '../../ui/QueryStatus.tsx';
import { errorText } from '../../lib/errorText.ts';

type OrderAnswer = { kind: 'purchase'; data: CallResponse<typeof subscriptionsCall> } | { kind: 'renewal'; data: CallResponse<typeof subscriptionRenewalCall> };

/** The pay page stays put when the order is settled: paymentOutcome.ts moves on (phone) or this page does. */
const stayOnPage = () => undefined;

/**
 * /mobile/package/pay and /mobile/package/pay_new?type=<planId>&time=<months>: the order for
 * the plan and time chosen on the detail screen (see mobilePaths.ts for which is which). Its QR
 * code, its payment methods, and `payment/listen` every 4 s; once paid the person goes to the
 * success page, a failed order is said here with a way to open a new one.
 */
export default function MobilePayPage({ kind }: { kind: PayKind }) {
  const { t } = useTranslation();
  const member = useMember();
  const [params] = useSearchParams();
  const type = params.get('type') ?? '';
  const time = params.get('time') ?? '';
  const back = type ? mobilePaths.detail(type) : mobilePaths.package;
  if (member.data?.type === 'sub') {
    return (
      <MobilePage title={t('mobile.package')} back={mobilePaths.package} testId="mobile-pay">
        <Alert type="info" showIcon title={t('plan.subNotice')} data-testid="mobile-sub-notice" />
      </MobilePage>
    );
  }
  // Reached without a plan and time (a bookmark, a link typed by hand): there is no order to show
  // yet, so the plan list, where one is chosen, rather than a refusal of the missing fields.
  if (!type || !time) return <Navigate to={mobilePaths.package} replace />;
  return member.data ? <PayOrder kind={kind} type={type} time={time} back={back} /> : null;
}

function PayOrder({ kind, type, time, back }: { kind: PayKind; type: string; time: string; back: string }) {
  const { t } = useTranslation();
  const { api, events, mobile } = useRuntime();
  const navigate = useNavigate();
  const view = useQuery({
    queryKey: ['mobile', 'order', kind, type, time],
    queryFn: async (): Promise<OrderAnswer> =>
      kind === 'purchase'
        ? { kind, data: await api.call(subscriptionsCall, { type, time }) }
        : { kind, data: await api.call(subscriptionRenewalCall, { type, time, click: true }) },
    // Each answer is a new order: never served from cache, never refetched behind the person's back.
    gcTime: 0,
    staleTime: Infinity,
  });
  const answer = view.data;
  const s = answer?.data.s ?? null;
  useOrderWatch(s, stayOnPage);
  const [failedOrder, setFailedOrder] = useState<string | null>(null);
  useEffect(
    () =>
      events.on('paymentSettled', (settled) => {
        if (settled.s !== s) return;
        if (!settled.ok) setFailedOrder(settled.s);
        // On a phone the settle step already went to the success page; a desktop browser that opened this screen goes too.
        else if (!mobile) void navigate(mobilePaths.success, { replace: true });
      }),
    [events, s, mobile, navigate],
  );

  const title = !answer || answer.kind === 'purchase' ? t('payment.buyTitle') : answer.data.plan.find((plan) => plan.selected)?.type === 'change' ? t('payment.changeTitle') : t('payment.renewTitle');
  let body;
  if (!answer) body = <QueryStatus error={view.error} onRetry={() => void view.refetch()} testId="mobile-pay-error" />;
  else if (s === null) body = <Result status="404" title={t('code.notFound')} extra={<Button onClick={() => void navigate(mobilePaths.package)}>{t('mobile.backToPlans')}</Button>} />;
  else {
    body = (
      <>
        <OrderSummary answer={answer} type={type} />
        {view.error && !view.isFetching ? (
          <Alert type="warning" showIcon title={errorText(view.error, t)} data-testid="mobile-pay-error" />
        ) : null}
        {failedOrder === s ? (
          <>
            <Alert type="error" showIcon title={t('code.paymentFailed')} description={t('payment.failedBody')} data-testid="mobile-pay-failed" />
            <Button type="primary" block onClick={() => void view.refetch()} loading={view.isFetching} data-testid="mobile-pay-retry">
              {t('common.retry')}
            </Button>
          </>
        ) : (
          <OrderPayment order={answer.data} receivedAt={view.dataUpdatedAt} refreshing={view.isFetching} onRefresh={() => void view.refetch()} />
        )}
      </>
    );
  }
  return (
    <MobilePage title={title} back={back} testId="mobile-pay" dataAttributes={{ 'data-order': s ?? '' }}>
      {body}
    </MobilePage>
  );
}

/** Plan, what it gives, how long, the total and the order number to quote. `type` is the plan asked for. */
function OrderSummary({ answer, type }: { answer: OrderAnswer; type: string }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const items = summaryLines(answer, type, language.tag, t);
  return (
    <Card size="small">
      <Descriptions
        column={1}
        size="small"
        data-testid="mobile-pay-summary"
        items={[
          ...items.map(({ key, label, value }) => ({ key, label, children: <span data-testid={`mobile-pay-${key}`}>{value}</span> })),
          {
            key: 'order',
            label: t('mobile.orderNumber'),
            children: (
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {answer.data.s}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Card>
  );
}

function summaryLines(answer: OrderAnswer, type: string, languageTag: string, t: TFunction): { key: string; label: string; value: string }[] {
  if (answer.kind === 'purchase') {
    // The purchase answer names its plan only through the request: the plan asked for.
    const { navigation, footer, symbol } = answer.data;
    const name = navigation.find((tab) => tab.id === type)?.plan?.name ?? '';
    return [
      { key: 'plan', label: t('plan.fields.name'), value: name },
      ...footer.map(({ k, v }) => ({ key: k.split('.').pop() ?? k, label: t(k), value: footerValue(k, v, symbol, languageTag, t) })),
    ];
  }
  const { plan, time, symbol } = answer.data;
  const selected = plan.find((entry) => entry.selected);
  const selectedTime = time.list.find((option) => option.selected);
  return [
    { key: 'plan', label: t('plan.fields.name'), value: selected?.name ?? '' },
    { key: 'months', label: t('plan.footer.months'), value: selectedTime ? String(selectedTime.months) : '' },
    { key: 'total', label: t('plan.footer.total'), value: selectedTime ? formatAmount(selectedTime.amount, symbol, languageTag) : '' },
  ];
}

/** The QR code to scan (expired 10 % early; tapping refresh opens a new order) and the methods. */
function OrderPayment({ order, receivedAt, refreshing, onRefresh }: { order: OrderView; receivedAt: number; refreshing: boolean; onRefresh: () => void }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const { expiresAt, expired, status, markExpired } = useQrStatus(order, receivedAt, refreshing);
  return (
    <>
      {order.qrcode ? (
        <Card size="small">
          <Flex vertical align="center" gap={8}>
            <QRCode value={order.qrcode} size={200} status={status} onRefresh={onRefresh} data-testid="mobile-pay-qr" data-status={status} />
            <Typography.Text type="secondary" style={{ textAlign: 'center' }} data-testid="mobile-pay-qr-caption">
              {expired ? t('code.qrCodeExpired') : expiresAt !== null ? t('payment.qrValidUntil', { time: formatDate(expiresAt) }) : t('payment.scan')}
            </Typography.Text>
          </Flex>
        </Card>
      ) : null}
      <PaymentMethods order={order} disabled={expired || refreshing} onExpired={markExpired} testIdPrefix="mobile-pay" openedKey="mobile.payOpened" />
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        {t('mobile.payWaiting')}
      </Typography.Text>
    </>
  );
}
