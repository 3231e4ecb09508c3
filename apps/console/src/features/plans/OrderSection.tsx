import { Code, PAYMENT_POLL_MS, paymentListenCall, subscriptionOrderCall, type CoinId, type PaymentMethod } from '@facet/contracts';
import { ApiError } from '@facet/api-client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Modal, QRCode, Typography, type DescriptionsProps } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { CoinPicker } from './CoinPicker.tsx';
import { qrExpiresAt } from './money.ts';
import { usePaymentSettle } from './paymentOutcome.ts';

/**
 * The payment and renewal dialogs hold a QR code, the summary and the method buttons side by
 * side: at the spec's 500 px the QR code would sit under a wrapped summary, so they are wider.
 */
const PAYMENT_DIALOG_WIDTH = 720;

/** The order part shared by the purchase and renewal answers. */
export interface OrderView {
  qrcode: string | null;
  qrExptime: number | null;
  s: string | null;
  symbol: string;
  payment: { k: PaymentMethod; v: string; intro: string }[];
}

/**
 * While a dialog shows order `s`: polls `payment/listen` every 4 s (also when the tab is in the
 * background: the person pays in another window) and closes the dialog once the order is
 * settled, whether the poll or the realtime push saw it first.
 */
export function useOrderWatch(s: string | null, onClose: () => void) {
  const { api, events } = useRuntime();
  const settle = usePaymentSettle();
  const listen = useQuery({
    queryKey: ['paymentListen', s],
    queryFn: () => api.call(paymentListenCall, { s: s ?? '' }),
    enabled: s !== null,
    refetchInterval: PAYMENT_POLL_MS,
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
  const val = listen.data?.val;
  const failure = listen.data?.failure ?? null;
  useEffect(() => {
    if (s !== null && (val === 1 || val === 0)) settle(s, val === 1, failure);
  }, [s, val, failure, settle]);
  useEffect(() => events.on('paymentSettled', (settled) => {
    if (settled.s === s) onClose();
  }), [events, s, onClose]);
}

/**
 * Whether the order's QR code is still good: shown expired 10 % before the order closes (or once
 * a payment attempt was refused as expired), 'loading' while a new order is on its way.
 * `receivedAt` is when the answer carrying the order arrived.
 */
export function useQrStatus(order: OrderView, receivedAt: number, refreshing: boolean) {
  const expiresAt = order.qrExptime === null ? null : qrExpiresAt(receivedAt, order.qrExptime);
  // The expiry that has passed; a new order brings a new expiry, so the code is active again.
  const [passed, setPassed] = useState<number | null>(null);
  const [forcedExpired, setForcedExpired] = useState<string | null>(null);
  useEffect(() => {
    if (expiresAt === null) return;
    // setTimeout takes at most 2^31-1 ms; an order lives minutes, not weeks.
    const timer = setTimeout(() => setPassed(expiresAt), Math.min(Math.max(0, expiresAt - Date.now()), 2_147_483_647));
    return () => clearTimeout(timer);
  }, [expiresAt]);
  const expired = (expiresAt !== null && passed === expiresAt) || (order.s !== null && forcedExpired === order.s);
  const status: 'loading' | 'expired' | 'active' = refreshing ? 'loading' : expired ? 'expired' : 'active';
  return { expiresAt, expired, status, markExpired: () => setForcedExpired(order.s) };
}

/**
 * QR code, order summary (`summary`: its rows) and payment methods. The QR code is shown expired
 * 10 % before the order closes, and refreshing asks for a new order.
 */
export function OrderSection({ order, receivedAt, refreshing, onRefresh, summary }: { order: OrderView; receivedAt: number; refreshing: boolean; onRefresh: () => void; summary: DescriptionsProps['items'] }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const { expiresAt, expired, status, markExpired } = useQrStatus(order, receivedAt, refreshing);
  // The number the operator confirms, and support finds, the order by: shown, and copied in one click.
  const number = order.s
    ? [
        {
          key: 'order',
          label: t('payment.orderNumber'),
          children: (
            <Typography.Text copyable style={{ wordBreak: 'break-all' }} data-testid="payment-order-number">
              {order.s}
            </Typography.Text>
          ),
        },
      ]
    : [];
  return (
    <Flex gap={24} wrap align="flex-start">
      <Flex vertical gap={12} style={{ flex: '1 1 300px', minWidth: 0 }}>
        <Descriptions column={1} size="small" bordered data-testid="payment-summary" items={[...(summary ?? []), ...number]} />
        {order.s && order.payment.some((m) => m.k === 'operator') ? (
          <Typography.Text type="secondary" data-testid="payment-order-hint">
            {t('payment.orderNumberHint')}
          </Typography.Text>
        ) : null}
        <PaymentMethods order={order} disabled={expired || refreshing} onExpired={markExpired} />
      </Flex>
      {order.qrcode ? (
        <Flex vertical align="center" gap={8} style={{ flex: '0 0 auto', margin: '0 auto' }}>
          <QRCode value={order.qrcode} size={180} status={status} onRefresh={onRefresh} data-testid="payment-qr" data-status={status} />
          <Typography.Text type="secondary" style={{ maxWidth: 200, textAlign: 'center', fontSize: 12 }} data-testid="payment-qr-caption">
            {expired ? t('code.qrCodeExpired') : expiresAt !== null ? t('payment.qrValidUntil', { time: formatDate(expiresAt) }) : t('payment.scan')}
          </Typography.Text>
        </Flex>
      ) : null}
    </Flex>
  );
}

/**
 * One button per method the server offers; choosing one opens where to pay in a new window.
 * The mobile pay page shows the same list under its own test ids and its own "opened" line.
 */
export function PaymentMethods({
  order,
  disabled,
  onExpired,
  testIdPrefix = 'payment',
  openedKey = 'payment.opened',
}: {
  order: OrderView;
  disabled: boolean;
  onExpired: () => void;
  testIdPrefix?: string;
  openedKey?: string;
}) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const showError = useShowError();
  const [openedUrl, setOpenedUrl] = useState<string | null>(null);
  // Crypto asks for the coin first: its button shows the coins, a coin opens where to pay.
  const [coinsShown, setCoinsShown] = useState(false);
  const pay = useMutation({
    // The way back is this console (the desktop client's, or this server's), where the person is signed in.
    mutationFn: ({ method, coin }: { method: PaymentMethod; coin?: CoinId; popup: Window | null }) =>
      api.call(subscriptionOrderCall, { s: order.s ?? '', id: method, ...(coin ? { coin } : {}), consoleOrigin: window.location.origin }),
    onSuccess: ({ url }, { popup }) => {
      const target = new URL(url, window.location.href).href;
      if (popup && !popup.closed) {
        popup.opener = null; // the payment page gets no handle on the console
        popup.location.href = target;
      }
      setOpenedUrl(target);
    },
    onError: (error, { popup }) => {
      popup?.close();
      if (error instanceof ApiError && error.code === Code.QR_CODE_EXPIRED) onExpired();
      showError(error);
    },
  });
  if (order.s === null) return null;
  if (order.payment.length === 0) return <Alert type="warning" showIcon title={t('payment.noMethods')} data-testid={`${testIdPrefix}-no-methods`} />;
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('payment.methodTitle')}</Typography.Text>
      {order.payment.map((method) => (
        <div key={method.k}>
          <Button
            block
            type="primary"
            ghost
            disabled={disabled}
            loading={pay.isPending && pay.variables.method === method.k && method.k !== 'crypto'}
            // The window is opened within the click, before the call: opened after it, popup blockers stop it.
            onClick={() => (method.k === 'crypto' ? setCoinsShown((shown) => !shown) : pay.mutate({ method: method.k, popup: window.open('', '_blank') }))}
            data-testid={`${testIdPrefix}-method-${method.k}`}
          >
            {t(method.v)}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(method.intro)}
          </Typography.Text>
          {method.k === 'crypto' && coinsShown ? (
            <CoinPicker
              disabled={disabled}
              pending={pay.isPending && pay.variables.method === 'crypto' ? (pay.variables.coin ?? null) : null}
              onPick={(coin) => pay.mutate({ method: 'crypto', coin, popup: window.open('', '_blank') })}
            />
          ) : null}
        </div>
      ))}
      {openedUrl ? (
        <Alert
          type="info"
          showIcon
          title={t(openedKey)}
          action={
            <Button size="small" href={openedUrl} target="_blank" rel="noreferrer" data-testid={`${testIdPrefix}-open-again`}>
              {t('payment.openAgain')}
            </Button>
          }
          data-testid={`${testIdPrefix}-opened`}
        />
      ) : null}
    </Flex>
  );
}

/** The payment and renewal dialogs' frame: the order token on it, so tests and support can name it. */
export function PaymentModal({ title, order, onClose, children }: { title: string; order: string | null; onClose: () => void; children: ReactNode }) {
  return (
    <Modal open width={PAYMENT_DIALOG_WIDTH} title={title} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="payment-dialog" data-order={order ?? ''}>
        {children}
      </div>
    </Modal>
  );
}
