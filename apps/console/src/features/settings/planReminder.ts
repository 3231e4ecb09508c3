import type { Member } from '@facet/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the plan reminder of the global settings is due: a main account whose plan is still
 * running and ends within `reminderDays` (0: never). Expired plans have their own banner, and
 * sub-accounts cannot renew, so neither is reminded. Answers the whole days left (at least 1).
 */
export function planReminderDue(member: Pick<Member, 'type' | 'subscription'>, reminderDays: number, now: number): { daysLeft: number; expiresAt: number } | null {
  const { expiresAt, expired } = member.subscription;
  if (member.type !== 'main' || reminderDays <= 0 || expired || expiresAt === null) return null;
  const left = expiresAt - now;
  if (left <= 0 || left > reminderDays * DAY_MS) return null;
  return { daysLeft: Math.max(1, Math.ceil(left / DAY_MS)), expiresAt };
}
