import { describe, expect, it } from 'vitest';
import { planReminderDue } from './planReminder.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 0, 10);
const main = (expiresAt: number | null, expired = false) => ({ type: 'main' as const, subscription: { isNew: false, expired, restricted: expired, expiresAt } });

describe('planReminderDue', () => {
  it('reminds a main account whose plan ends within the days set', () => {
    expect(planReminderDue(main(now + 2.5 * DAY), 3, now)).toEqual({ daysLeft: 3, expiresAt: now + 2.5 * DAY });
    expect(planReminderDue(main(now + 3 * DAY), 3, now)?.daysLeft).toBe(3);
    expect(planReminderDue(main(now + 60_000), 1, now)?.daysLeft).toBe(1);
  });

  it('stays quiet when the end is further away, or the reminder is off', () => {
    expect(planReminderDue(main(now + 3 * DAY + 1), 3, now)).toBeNull();
    expect(planReminderDue(main(now + DAY), 0, now)).toBeNull();
  });

  it('leaves expired plans, plans without end and sub-accounts to others', () => {
    expect(planReminderDue(main(now - DAY, true), 30, now)).toBeNull();
    expect(planReminderDue(main(null), 30, now)).toBeNull();
    expect(planReminderDue({ ...main(now + DAY), type: 'sub' }, 30, now)).toBeNull();
  });
});
