import { PAYMENT_POLL_MS, orderDetailCall, subscriptionOrderCall, type CoinId } from '@facet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex, QRCode, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { CoinLabel, CoinPicker } from './CoinPicker.tsx';
import { useRefreshPlan } from './planQueries.ts';

/**
 * `?order=ID` on the plan page: where an order's checkout leads. An order paid to the operator
 * waits for their word; one paid in a coin asks for the coin, then shows the wallet and the exact
 * amount to send. The state is asked again every few seconds, so a settled order shows itself.
 */
export function OrderPayment({ order }: { order: string }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const showError = useShowError();
  const [picking, setPicking] = useState(false);
  const detail = useQuery({
    queryKey: ['orderDetail', order],
    queryFn: () => api.call(orderDetailCall, { s: order }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PAYMENT_POLL_MS : false),
  });
  // Its own poll saw the order settle (the push may have come before this page did): the plan card above follows.
  const refreshPlan = useRefreshPlan();
  const settled = detail.data?.status === 'paid' || detail.data?.status === 'failed';
  useEffect(() => {
    if (settled) void refreshPlan();
  }, [settled, refreshPlan]);
  const choose = useMutation({
    mutationFn: (coin: CoinId) => api.call(subscriptionOrderCall, { s: order, id: 'crypto', coin, consoleOrigin: window.location.origin }),
    onSuccess: async () => {
      await detail.refetch();
      setPicking(false);
    },
    onError: (error) => showError(error),
  });
  const pending = <Alert type="info" showIcon title={t('plan.orderPending', { order })} style={{ marginBottom: 16 }} data-testid="plan-order-pending" />;
  const data = detail.data;
  // Not readable (a sub-account, another account's order): what the link says is all there is.
  if (!data) return pending;
  if (data.status === 'paid') return <Alert type="success" showIcon title={t('plan.orderPaid', { order })} style={{ marginBottom: 16 }} data-testid="plan-order-paid" />;
  if (data.status === 'failed') return <Alert type="error" showIcon title={t('plan.orderFailed', { order })} style={{ marginBottom: 16 }} data-testid="plan-order-failed" />;
  if (data.method !== 'crypto') return pending;
  if (!data.crypto || picking) {
    return (
      <Card title={t('plan.crypto.chooseTitle')} style={{ marginBottom: 16, maxWidth: 560 }} data-testid="plan-order-coin">
        <CoinPicker onPick={(coin) => choose.mutate(coin)} pending={choose.isPending ? (choose.variables ?? null) : null} disabled={choose.isPending} />
      </Card>
    );
  }
  const { coin, address, amount } = data.crypto;
  return (
    <Card title={t('plan.crypto.title', { coin: coin.name, network: coin.network })} style={{ marginBottom: 16 }} data-testid="plan-order-crypto">
      <Flex gap={24} wrap align="flex-start">
        <Flex vertical gap={12} style={{ flex: '1 1 360px', minWidth: 0 }}>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'coin', label: t('plan.crypto.coin'), children: <CoinLabel coin={coin} /> },
              {
                key: 'amount',
                label: t('plan.crypto.amount'),
                children: (
                  <Typography.Text copyable={{ text: amount }} strong data-testid="crypto-amount">
                    {amount} {coin.name}
                  </Typography.Text>
                ),
              },
              {
                key: 'address',
                label: t('plan.crypto.address'),
                children: (
                  <Typography.Text copyable style={{ wordBreak: 'break-all' }} data-testid="crypto-address">
                    {address}
                  </Typography.Text>
                ),
              },
              { key: 'order', label: t('payment.orderNumber'), children: <Typography.Text copyable>{order}</Typography.Text> },
            ]}
          />
          <Alert type="warning" showIcon title={t('plan.crypto.exact')} description={t('plan.crypto.network', { network: coin.network, coin: coin.name })} />
          <Typography.Text type="secondary">{t('plan.crypto.confirm')}</Typography.Text>
          <Typography.Link onClick={() => setPicking(true)} data-testid="crypto-other-coin">
            {t('plan.crypto.otherCoin')}
          </Typography.Link>
        </Flex>
        <Flex vertical align="center" gap={8} style={{ flex: '0 0 auto', margin: '0 auto' }}>
          <QRCode value={address} size={160} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('plan.crypto.scan')}
          </Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}
