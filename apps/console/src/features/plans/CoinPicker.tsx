import { subscriptionCoinsCall, type Coin, type CoinId } from '@facet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { QueryStatus } from '../../ui/QueryStatus.tsx';

function useCoins() {
  const { api } = useRuntime();
  return useQuery({ queryKey: ['subscriptionCoins'], queryFn: async () => (await api.call(subscriptionCoinsCall, {})).list, staleTime: 60_000 });
}

/** A coin as people recognise it: its picture, symbol and network. */
export function CoinLabel({ coin }: { coin: Coin }) {
  return (
    <Flex align="center" gap={8}>
      <img src={coin.image} width={20} height={20} alt="" />
      <Typography.Text strong>{coin.name}</Typography.Text>
      <Typography.Text type="secondary">{coin.network}</Typography.Text>
    </Flex>
  );
}

/** Spec §3 "coin rate list": the coins this server takes, one button each (a coin is one US dollar). */
export function CoinPicker({ onPick, pending, disabled }: { onPick: (coin: CoinId) => void; pending: CoinId | null; disabled: boolean }) {
  const { t } = useTranslation();
  const coins = useCoins();
  if (!coins.data) return <QueryStatus error={coins.error} onRetry={() => void coins.refetch()} />;
  return (
    <Flex vertical gap={6} data-testid="coin-picker">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('payment.coin.pick')}
      </Typography.Text>
      {coins.data.map((coin) => (
        <Button key={coin.id} block disabled={disabled} loading={pending === coin.id} onClick={() => onPick(coin.id)} data-testid={`coin-${coin.id}`} style={{ justifyContent: 'flex-start' }}>
          <CoinLabel coin={coin} />
        </Button>
      ))}
    </Flex>
  );
}
