import { QR_EXPIRY_MARGIN, UNLIMITED } from '@facet/contracts';

/** An amount in the currency's smallest unit (cents), shown in units behind the server's symbol. */
export function formatAmount(cents: number, symbol: string, languageTag: string): string {
  const units = new Intl.NumberFormat(languageTag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
  return `${symbol}${units}`;
}

/**
 * When the QR code is shown as expired (spec §9): the server's expiry minus 10 % of the time
 * left when the answer arrived, so a code is never scanned just as its order closes.
 */
export function qrExpiresAt(receivedAt: number, serverExpiry: number): number {
  return receivedAt + (serverExpiry - receivedAt) * (1 - QR_EXPIRY_MARGIN);
}

/** A count limit for display: -1 is "unlimited". */
export function isUnlimited(limit: number): boolean {
  return limit === UNLIMITED;
}
