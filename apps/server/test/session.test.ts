import { Code, logoutCall, loginCall, memberCall, refreshCall } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, refusal, signUp } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ FACET_SESSION_TTL_SECONDS: '60', FACET_REFRESH_TTL_SECONDS: '3600', FACET_KEEP_REFRESH_TTL_SECONDS: '86400' });
});
afterAll(() => server.close());

describe('sign-in and sessions', () => {
  it('signs in by e-mail or by username in any letter case', async () => {
    const person = await signUp(server);
    for (const account of [person.email, person.email.toUpperCase(), person.username.toUpperCase()]) {
      const { client } = await logIn(server, account, person.password);
      expect((await client.call(memberCall, {})).member.email).toBe(person.email);
    }
  });

  it('answers 2122 to a wrong password and to an unknown account alike', async () => {
    const person = await signUp(server);
    const wrong = await refusal(server.client().call(loginCall, { account: person.email, passwd: 'wrong password' }), Code.WRONG_CREDENTIALS);
    const unknown = await refusal(server.client().call(loginCall, { account: 'nobody@example.test', passwd: 'whatever1' }), Code.WRONG_CREDENTIALS);
    expect(wrong.msg).toBe(unknown.msg);
  });

  it('never stores tokens in plain text', async () => {
    const person = await signUp(server);
    const { grant } = await logIn(server, person.email, person.password);
    const rows = await server.facet.database.db.selectFrom('sessions').selectAll().execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(grant.auth);
    expect(stored).not.toContain(grant.refresh);
    const account = await server.facet.services.repositories.accounts.findByEmail(person.email);
    expect(account?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('lengthens the refresh credential with keep-me-signed-in', async () => {
    const person = await signUp(server);
    const short = await logIn(server, person.email, person.password, 0);
    const kept = await logIn(server, person.email, person.password, 1);
    expect(short.grant.refreshExpiresAt - Date.now()).toBeLessThanOrEqual(3600_000 + 5_000);
    expect(kept.grant.refreshExpiresAt - Date.now()).toBeGreaterThan(80_000_000);
    expect(kept.grant.expiresAt).toBeLessThan(kept.grant.refreshExpiresAt);
  });

  it('answers 886 once the session token expired', async () => {
    const person = await signUp(server);
    const { grant } = await logIn(server, person.email, person.password);
    const bare = server.client({ grant: { ...grant, refresh: 'r_none' } });
    server.clock.advance(61);
    try {
      await refusal(bare.call(memberCall, {}), Code.SESSION_EXPIRED);
    } finally {
      server.clock.advance(-61);
    }
  });

  it('re-logs in silently once for many expired calls and replays them all', async () => {
    const person = await signUp(server);
    const { grant } = await logIn(server, person.email, person.password);
    let loginRequired = 0;
    const client = server.client({ grant, onLoginRequired: () => (loginRequired += 1) });
    server.clock.advance(61);
    try {
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => client.call(memberCall, {})));
      expect(answers.every((a) => a.member.email === person.email)).toBe(true);
      const renewed = client.credentials.load()!;
      expect(renewed.auth).not.toBe(grant.auth);
      expect(renewed.refresh).not.toBe(grant.refresh);
      expect(loginRequired).toBe(0);
      // The old refresh credential was rotated away: using it again fails.
      await refusal(server.client().call(refreshCall, { refresh: grant.refresh }), Code.REFRESH_INVALID);
      // And exactly one refresh happened: one session row for this login, with the new token.
    } finally {
      server.clock.advance(-61);
    }
  });

  it('ends the session when a spent refresh credential comes back: the copy and its successor both stop', async () => {
    const person = await signUp(server);
    const { grant } = await logIn(server, person.email, person.password);
    const renewed = await server.client().call(refreshCall, { refresh: grant.refresh });
    // Two tabs refreshing at once: the loser is refused, and the winner's session goes on.
    await refusal(server.client().call(refreshCall, { refresh: grant.refresh }), Code.REFRESH_INVALID);
    expect((await server.client({ grant: renewed }).call(memberCall, {})).member.email).toBe(person.email);
    // Later, the old credential again (copied from the browser): the session ends for everyone.
    server.clock.advance(30);
    try {
      await refusal(server.client().call(refreshCall, { refresh: grant.refresh }), Code.REFRESH_INVALID);
      await refusal(server.client().call(refreshCall, { refresh: renewed.refresh }), Code.REFRESH_INVALID);
      await refusal(server.client({ grant: renewed }).call(memberCall, {}), Code.SESSION_EXPIRED);
      // The owner signs in again as usual.
      await logIn(server, person.email, person.password);
    } finally {
      server.clock.advance(-30);
    }
  });

  it('falls back to the login page when the refresh credential is gone', async () => {
    const person = await signUp(server);
    const { grant } = await logIn(server, person.email, person.password);
    let loginRequired = 0;
    const client = server.client({ grant: { ...grant, refresh: 'r_revoked' }, onLoginRequired: () => (loginRequired += 1) });
    server.clock.advance(61);
    try {
      await refusal(client.call(memberCall, {}), Code.SESSION_EXPIRED);
      expect(loginRequired).toBe(1);
      expect(client.credentials.load()).toBeNull();
    } finally {
      server.clock.advance(-61);
    }
  });

  it('ends the session at logout: token and refresh credential both stop working', async () => {
    const person = await signUp(server);
    const { client, grant } = await logIn(server, person.email, person.password);
    await client.call(logoutCall, {});
    await refusal(server.client({ grant: { ...grant, refresh: '' } }).call(memberCall, {}), Code.SESSION_EXPIRED);
    await refusal(server.client().call(refreshCall, { refresh: grant.refresh }), Code.REFRESH_INVALID);
  });

  it('refuses a disabled account with 2133, only after the right password', async () => {
    const person = await signUp(server);
    await server.facet.database.db.updateTable('accounts').set({ status: 'disabled' }).where('email', '=', person.email).execute();
    await refusal(server.client().call(loginCall, { account: person.email, passwd: 'wrong password' }), Code.WRONG_CREDENTIALS);
    await refusal(server.client().call(loginCall, { account: person.email, passwd: person.password }), Code.ACCOUNT_DISABLED);
    await refusal(server.client({ grant: person.grant }).call(memberCall, {}), Code.SESSION_EXPIRED);
  });
});
