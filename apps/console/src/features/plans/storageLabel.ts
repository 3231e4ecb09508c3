import { formatBytes } from '@facet/i18n/formatBytes';
import type { TFunction } from 'i18next';
import { isUnlimited } from './money.ts';

/** A plan's storage in the console's language ("5 GB"); -1 reads "unlimited". */
export function storageAmount(bytes: number | string, t: TFunction, language: string): string {
  const n = Number(bytes);
  return isUnlimited(n) ? t('plan.unlimited') : formatBytes(n, language);
}

/** Storage used of the allowance ("1.2 GB / 5 GB"); the server writes it '1288490188/5368709120'. */
export function storageUsageLabel(used: number | string, limit: number | string, t: TFunction, language: string): string {
  return `${formatBytes(Number(used), language)} / ${storageAmount(limit, t, language)}`;
}
