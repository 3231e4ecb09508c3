import { describe, expect, it } from 'vitest';
import { bindReminderDue, unboundKinds } from './bindReminder.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('bind reminder (spec §2)', () => {
  it('asks for the phone only in Chinese', () => {
    const member = { phone: 'unbound', email: 'unbound' };
    expect(unboundKinds(member, true)).toEqual(['phone', 'email']);
    expect(unboundKinds(member, false)).toEqual(['email']);
    expect(unboundKinds({ phone: 'unbound', email: 'a@b.co' }, false)).toEqual([]);
    expect(unboundKinds({ phone: '13800000000', email: 'a@b.co' }, true)).toEqual([]);
    // A server that cannot send phone codes never asks for a phone.
    expect(unboundKinds(member, true, false)).toEqual(['email']);
  });

  it('comes back 7 days after it was dismissed', () => {
    const now = 100 * DAY;
    expect(bindReminderDue(null, now)).toBe(true);
    expect(bindReminderDue('garbage', now)).toBe(true);
    expect(bindReminderDue(String(now - 6 * DAY), now)).toBe(false);
    expect(bindReminderDue(String(now - 7 * DAY), now)).toBe(true);
  });
});
