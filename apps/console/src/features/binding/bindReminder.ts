import { limits, UNBOUND, type Member } from '@facet/contracts';

export type BindKind = 'phone' | 'email';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the bind reminder asks for (spec §2): the e-mail when it is unbound, the phone when it is
 * unbound and the language is Chinese (the phone prompt shows only there).
 */
export function unboundKinds(member: Pick<Member, 'phone' | 'email'>, chinese: boolean, phoneVerifiable = true): BindKind[] {
  const kinds: BindKind[] = [];
  // Never asked to bind a phone the server cannot send a code to.
  if (chinese && phoneVerifiable && member.phone === UNBOUND) kinds.push('phone');
  if (member.email === UNBOUND) kinds.push('email');
  return kinds;
}

/** A dismissed reminder comes back only after 7 days (spec §2, §9); a stored value that is not a time counts as never dismissed. */
export function bindReminderDue(dismissedAt: string | null, now: number): boolean {
  const at = dismissedAt === null ? NaN : Number(dismissedAt);
  if (!Number.isFinite(at)) return true;
  return now - at >= limits.bindReminderDays * DAY_MS;
}
