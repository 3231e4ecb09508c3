import { planMonths, type Plan, type PaymentMethod } from '@facet/contracts';
import type { PlanRow } from '../repositories/plans.ts';
import { storageBytesOf } from './storageBytes.ts';

/** A plan as the console sees it. */
export function planView(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    monthlyPrice: row.monthly_price,
    currency: row.currency,
    profiles: row.profiles,
    subAccounts: row.sub_accounts,
    storageBytes: storageBytesOf(row.storage_mb),
    description: row.description,
  };
}

export function timeOptions(plan: PlanRow, months: number) {
  return planMonths.map((m) => ({ id: String(m), months: m, amount: m * plan.monthly_price, selected: m === months, tag: null }));
}

/** The lines under the choice: what it gives and what it costs (keys are i18n keys). */
export function footer(plan: PlanRow, months: number) {
  return [
    { k: 'plan.footer.profiles', v: String(plan.profiles) },
    { k: 'plan.footer.subAccounts', v: String(plan.sub_accounts) },
    { k: 'plan.footer.months', v: String(months) },
    { k: 'plan.footer.total', v: String(months * plan.monthly_price) },
  ];
}

const methodLabels: Record<PaymentMethod, { v: string; intro: string }> = {
  operator: { v: 'payment.method.operator', intro: 'payment.method.operatorIntro' },
  stripe: { v: 'payment.method.stripe', intro: 'payment.method.stripeIntro' },
  crypto: { v: 'payment.method.crypto', intro: 'payment.method.cryptoIntro' },
};

export function paymentOptions(methods: readonly PaymentMethod[]) {
  return methods.map((k) => ({ k, ...methodLabels[k] }));
}

/** The currency's sign as English shows it ('$', '€', 'CN¥'); the code itself if it has none. */
export function currencySymbol(currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}
