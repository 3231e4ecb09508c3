import { MOBILE_PAY_SUCCESS_PATH } from '../plans/index.ts';

/**
 * The mobile routes (spec §2) and the links between them.
 *
 * Our reading of the two pay routes: /mobile/package/pay buys a plan (subscriptions, the
 * purchase view), /mobile/package/pay_new renews the plan in force or changes to another
 * (subscriptions/renewal). The spec names both routes but not what tells them apart.
 */
export const mobilePaths = {
  my: '/mobile/my',
  package: '/mobile/package',
  success: MOBILE_PAY_SUCCESS_PATH,
  custom: '/mobile/package/buy',
  accounts: '/mobile/account/list',
  hosts: '/mobile/hosts',
  kf: '/mobile/kf',
  detail: (planId: string) => `/mobile/package/detail?${new URLSearchParams({ type: planId }).toString()}`,
  pay: (kind: PayKind, planId: string, months: string) =>
    `/mobile/package/${kind === 'purchase' ? 'pay' : 'pay_new'}?${new URLSearchParams({ type: planId, time: months }).toString()}`,
  manage: (subAccountId?: string) => (subAccountId ? `/mobile/account/manage?${new URLSearchParams({ id: subAccountId }).toString()}` : '/mobile/account/manage'),
} as const;

/** purchase: no plan in force yet (subscriptions); renewal: renew or change it (subscriptions/renewal). */
export type PayKind = 'purchase' | 'renewal';
