import { z } from 'zod';

/**
 * Coins an order can be paid in (spec §3 "coin rate list": one id per coin and network). Only
 * US-dollar stablecoins: one coin is one dollar, so an order's amount needs no exchange-rate
 * feed; a plan priced in another currency is not offered in crypto. The operator names a wallet
 * per coin (FACET_CRYPTO_WALLETS); a transfer on another network than the coin's is lost, so the
 * network is part of the id.
 */
export const coinCatalogue = {
  'usdt-trc20': { symbol: 'USDT', network: 'TRON (TRC-20)', address: /^T[1-9A-HJ-NP-Za-km-z]{33}$/ },
  'usdt-erc20': { symbol: 'USDT', network: 'Ethereum (ERC-20)', address: /^0x[0-9a-fA-F]{40}$/ },
  'usdt-bep20': { symbol: 'USDT', network: 'BNB Smart Chain (BEP-20)', address: /^0x[0-9a-fA-F]{40}$/ },
  'usdc-erc20': { symbol: 'USDC', network: 'Ethereum (ERC-20)', address: /^0x[0-9a-fA-F]{40}$/ },
  'usdc-polygon': { symbol: 'USDC', network: 'Polygon', address: /^0x[0-9a-fA-F]{40}$/ },
  'usdc-solana': { symbol: 'USDC', network: 'Solana', address: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/ },
} as const;
export type CoinId = keyof typeof coinCatalogue;
export const coinIds = Object.keys(coinCatalogue) as CoinId[];
/** The currency stablecoins stand for. */
export const COIN_CURRENCY = 'USD';
export const coinSchema = z.object({
  id: z.enum(coinIds as [CoinId, ...CoinId[]]),
  /** The coin's symbol (USDT), shown with its network. */
  name: z.string(),
  network: z.string(),
  /** Path of its picture in the console ('/coins/usdt.svg'). */
  image: z.string(),
});
export type Coin = z.infer<typeof coinSchema>;

export function coinView(id: CoinId): Coin {
  const { symbol, network } = coinCatalogue[id];
  return { id, name: symbol, network, image: `/coins/${symbol.toLowerCase()}.svg` };
}
