const DAY_MS = 86_400_000;
/** A bought month is 30 days: the same length whatever the calendar month. */
export const MONTH_MS = 30 * DAY_MS;
export const TRIAL_MS = 3 * DAY_MS;

export interface PlanInForce {
  planId: string | null;
  expiresAt: number | null;
  /** Monthly price of the plan in force, to value its unused time on a change. */
  monthlyPrice: number | null;
}

interface BoughtPlan {
  planId: string;
  months: number;
  monthlyPrice: number;
}

/**
 * When a paid order's plan ends. A renewal of the same plan adds its months after the current
 * end (or now, if that passed). A change starts the new plan at payment and carries the unused
 * time of the old one over at the ratio of their prices, so nothing paid for is lost.
 */
export function nextExpiry(current: PlanInForce, bought: BoughtPlan, now: number): number {
  const paid = bought.months * MONTH_MS;
  const remaining = current.expiresAt !== null && current.expiresAt > now ? current.expiresAt - now : 0;
  if (current.planId === bought.planId) return now + remaining + paid;
  if (remaining === 0 || current.monthlyPrice === null || bought.monthlyPrice <= 0) return now + remaining + paid;
  const carried = Math.floor((remaining * current.monthlyPrice) / bought.monthlyPrice);
  return now + paid + carried;
}

/** What kind of order this selection makes for an account in this state. */
export function orderKind(current: PlanInForce, planId: string): 'purchase' | 'renew' | 'change' {
  if (current.planId === null) return 'purchase';
  return current.planId === planId ? 'renew' : 'change';
}
