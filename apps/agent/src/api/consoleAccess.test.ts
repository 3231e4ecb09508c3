import { describe, expect, it } from 'vitest';
import { ConsoleAccess } from './consoleAccess.ts';

describe('ConsoleAccess', () => {
  it('spends a launch token once, and not after two minutes', () => {
    let now = 1_000_000;
    const access = new ConsoleAccess('owner-secret-'.padEnd(43, 'x'), () => 8481, () => now);
    const token = access.mintLaunchToken();
    const cookie = access.redeem(token);
    expect(cookie).toMatch(/^facet_console_8481=[\w-]{43}; HttpOnly; SameSite=Strict; Path=\/$/);
    expect(access.redeem(token)).toBeNull();
    const late = access.mintLaunchToken();
    now += 2 * 60_000;
    expect(access.redeem(late)).toBeNull();
    expect(access.redeem('never-minted')).toBeNull();
  });

  it('knows the owner by the secret only', () => {
    const access = new ConsoleAccess('s'.repeat(43), () => 1);
    expect(access.isOwner(`Bearer ${'s'.repeat(43)}`)).toBe(true);
    expect(access.isOwner(`Bearer ${'s'.repeat(42)}`)).toBe(false);
    expect(access.isOwner(undefined)).toBe(false);
    expect(access.isOwner('s'.repeat(43))).toBe(false);
  });
});
