import { randomBytes } from 'node:crypto';
import type { ApiClient } from '@facet/api-client';
import {
  Code,
  WEB_PREFIX,
  apiProfileCreateCall,
  apiProfileListCall,
  apiTokenResetCall,
  groupCreateCall,
  profileCreateCall,
  profileListCall,
  signRequest,
} from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFingerprint } from '../src/calls/idempotencyKey.ts';
import { startHousekeeping } from '../src/jobs/housekeeping.ts';
import { profileSettings, refusal, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  // Session tokens of a minute (the 886 test lets one expire); refresh credentials of two days
  // (the 24-hour test keeps its session through the silent refresh).
  server = await startTestServer({ FACET_SESSION_TTL_SECONDS: '60', FACET_REFRESH_TTL_SECONDS: '172800' });
});
afterAll(() => server.close());

const newKey = () => randomBytes(16).toString('hex');
const createPayload = (name: string) => ({ settings: profileSettings({ name }) });
const profileCount = async (client: ApiClient) => (await client.call(profileListCall, {})).total;

async function accountId(email: string): Promise<string> {
  return (await server.facet.services.repositories.accounts.findByEmail(email))!.id;
}

async function keptRows(email: string) {
  return server.facet.database.db.selectFrom('idempotency_keys').selectAll().where('account_id', '=', await accountId(email)).execute();
}

/** A signed browser/create sent by hand, to see the HTTP status and the envelope as they are. */
async function rawCreate(auth: string, key: string, payload: unknown) {
  const path = `${WEB_PREFIX}${profileCreateCall.path}`;
  const body = signRequest({ key: server.facet.signKey, path, auth, lang: 0, payload, nonce: newKey() });
  const response = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { code: number } };
}

describe('Idempotency-Key', () => {
  it('creates one profile for a key sent twice, and answers both sends alike', async () => {
    const person = await signedIn(server);
    const key = newKey();
    const first = await person.client.call(profileCreateCall, createPayload('Once'), { idempotencyKey: key });
    const second = await person.client.call(profileCreateCall, createPayload('Once'), { idempotencyKey: key });
    expect(second).toEqual(first);
    expect(await profileCount(person.client)).toBe(1);
  });

  it('refuses the key with another payload or another call, doing nothing', async () => {
    const person = await signedIn(server);
    const key = newKey();
    await person.client.call(profileCreateCall, createPayload('First'), { idempotencyKey: key });
    await refusal(person.client.call(profileCreateCall, createPayload('Second'), { idempotencyKey: key }), Code.IDEMPOTENCY_KEY_REUSED);
    await refusal(person.client.call(groupCreateCall, { name: 'A group' }, { idempotencyKey: key }), Code.IDEMPOTENCY_KEY_REUSED);
    expect((await rawCreate(person.grant.auth, key, createPayload('Third'))).status).toBe(422);
    expect(await profileCount(person.client)).toBe(1);
  });

  it('makes a double click create one profile: the second send waits for the first one\'s answer', async () => {
    const person = await signedIn(server);
    // No key given: the client makes one per action, and the same action still under way gets the same.
    const [a, b] = await Promise.all([person.client.call(profileCreateCall, createPayload('Clicked twice')), person.client.call(profileCreateCall, createPayload('Clicked twice'))]);
    expect(b).toEqual(a);
    expect(await profileCount(person.client)).toBe(1);
    // Once answered, the same form sent again is a new action.
    await person.client.call(profileCreateCall, createPayload('Clicked twice'));
    expect(await profileCount(person.client)).toBe(2);
  });

  it('answers 409 while the first request with the key is at work, and the client waits it out', async () => {
    const person = await signedIn(server);
    const key = newKey();
    const payload = createPayload('Slow one');
    const store = server.facet.services.repositories.idempotencyKeys;
    const id = await accountId(person.email);
    const claimedAt = server.clock.now();
    // As if another request with this key were still running on this or another server.
    expect(await store.claim(id, key, requestFingerprint(`${WEB_PREFIX}${profileCreateCall.path}`, payload), claimedAt, claimedAt + 60_000)).toBe(true);

    const busy = await rawCreate(person.grant.auth, key, payload);
    expect([busy.status, busy.body.code]).toEqual([409, Code.IDEMPOTENCY_KEY_IN_FLIGHT]);

    // The client asks again while it hears 409; here the other request gives up after the first 409.
    let conflicts = 0;
    const client = server.client({
      grant: person.grant,
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        if (response.status === 409 && ++conflicts === 1) await store.release(id, key, claimedAt);
        return response;
      },
    });
    const { profile } = await client.call(profileCreateCall, payload, { idempotencyKey: key });
    expect(conflicts).toBe(1);
    expect((await person.client.call(profileListCall, {})).list.map((row) => row.id)).toEqual([profile.id]);
  });

  it('does the work once when the call met 886, was replayed after the refresh, lost its answer and was sent again', async () => {
    const person = await signedIn(server);
    const sent: { path: string; key: string | null }[] = [];
    let creates = 0;
    const client = server.client({
      grant: person.grant,
      fetch: async (url, init) => {
        const path = new URL(String(url)).pathname;
        sent.push({ path, key: new Headers(init?.headers).get('idempotency-key') });
        const response = await fetch(url, init);
        // The replay after the refresh reaches the server, but its answer never comes back.
        if (path.endsWith('/browser/create') && ++creates === 2) throw new TypeError('connection reset');
        return response;
      },
    });
    server.clock.advance(61);
    try {
      await refusal(client.call(profileCreateCall, createPayload('Through 886')), -1);
      // The person clicks again; the client knows this action got no answer and sends its key.
      const { profile } = await client.call(profileCreateCall, createPayload('Through 886'));
      const creating = sent.filter((s) => s.path.endsWith('/browser/create'));
      expect(creating.map((s) => s.path)).toEqual(Array(3).fill(`${WEB_PREFIX}browser/create`));
      expect(sent.some((s) => s.path.endsWith('/auth/refresh'))).toBe(true);
      expect(new Set(creating.map((s) => s.key)).size).toBe(1);
      expect(creating[0]!.key).toMatch(/^[0-9a-f]{32}$/);
      expect((await client.call(profileListCall, {})).list.map((row) => row.id)).toEqual([profile.id]);
    } finally {
      server.clock.advance(-61);
    }
  });

  it('keeps a key for 24 hours; housekeeping then forgets it and the key works afresh', async () => {
    const person = await signedIn(server);
    const key = newKey();
    const first = await person.client.call(profileCreateCall, createPayload('Daily'), { idempotencyKey: key });
    const housekeeping = startHousekeeping(server.facet.services, server.facet.app.log);
    server.clock.advance(24 * 3600 - 60);
    try {
      // The session token has long expired: the client refreshes silently, then gets the kept answer.
      expect(await person.client.call(profileCreateCall, createPayload('Daily'), { idempotencyKey: key })).toEqual(first);
      await housekeeping.runOnce();
      expect(await keptRows(person.email)).toHaveLength(1);
      server.clock.advance(120);
      await housekeeping.runOnce();
      expect(await keptRows(person.email)).toHaveLength(0);
      const again = await person.client.call(profileCreateCall, createPayload('Daily'), { idempotencyKey: key });
      expect(again.profile.id).not.toBe(first.profile.id);
      expect(await profileCount(person.client)).toBe(2);
    } finally {
      housekeeping.stop();
      server.clock.advance(-(24 * 3600 + 60));
    }
  });

  it('keeps keys per account: another account sending the same key gets its own answer', async () => {
    const [alice, bob] = await Promise.all([signedIn(server), signedIn(server)]);
    const key = newKey();
    const forAlice = await alice.client.call(profileCreateCall, createPayload('Same key'), { idempotencyKey: key });
    const forBob = await bob.client.call(profileCreateCall, createPayload('Same key'), { idempotencyKey: key });
    expect(forBob.profile.id).not.toBe(forAlice.profile.id);
    expect([await profileCount(alice.client), await profileCount(bob.client)]).toEqual([1, 1]);
    expect((await bob.client.call(profileListCall, {})).list.map((row) => row.id)).toEqual([forBob.profile.id]);
  });

  it('keeps no proxy password or API token in plain text, and gives them back to the owner on a repeat', async () => {
    const person = await signedIn(server);
    const profileKey = newKey();
    const withProxy = { settings: profileSettings({ name: 'With proxy', proxy: { type: 'http', host: '10.0.0.9', port: 8080, username: 'shop-user', password: 'hunter2-proxy-secret' } }) };
    const created = await person.client.call(profileCreateCall, withProxy, { idempotencyKey: profileKey });
    const tokenKey = newKey();
    const { token } = await person.client.call(apiTokenResetCall, { passwd: person.password }, { idempotencyKey: tokenKey });

    const stored = JSON.stringify(await keptRows(person.email));
    expect(stored).not.toContain('hunter2-proxy-secret');
    expect(stored).not.toContain('shop-user');
    expect(stored).not.toContain(token);

    const repeated = await person.client.call(profileCreateCall, withProxy, { idempotencyKey: profileKey });
    expect(repeated.profile.proxy.password).toBe('hunter2-proxy-secret');
    expect(repeated).toEqual(created);
    expect((await person.client.call(apiTokenResetCall, { passwd: person.password }, { idempotencyKey: tokenKey })).token).toBe(token);
  });

  it('keeps no refusal: a refused request changed nothing, so its key may be used again', async () => {
    const person = await signedIn(server);
    const key = newKey();
    await refusal(person.client.call(profileCreateCall, { settings: profileSettings({ groupId: 'no-such-group' }) }, { idempotencyKey: key }), Code.NOT_FOUND);
    await person.client.call(profileCreateCall, createPayload('After the refusal'), { idempotencyKey: key });
    expect(await profileCount(person.client)).toBe(1);
  });

  it('refuses a malformed key as bad input', async () => {
    const person = await signedIn(server);
    const answer = await rawCreate(person.grant.auth, 'short', createPayload('Bad key'));
    expect([answer.status, answer.body.code]).toEqual([400, Code.INVALID_INPUT]);
    expect(await profileCount(person.client)).toBe(0);
  });

  it('guards profile creation under /v2/api/ with an API token too', async () => {
    const person = await signedIn(server);
    const { token } = await person.client.call(apiTokenResetCall, { passwd: person.password });
    const api = server.client({ apiToken: token });
    const key = newKey();
    const first = await api.call(apiProfileCreateCall, createPayload('From a script'), { idempotencyKey: key });
    expect(await api.call(apiProfileCreateCall, createPayload('From a script'), { idempotencyKey: key })).toEqual(first);
    await refusal(api.call(apiProfileCreateCall, createPayload('Another'), { idempotencyKey: key }), Code.IDEMPOTENCY_KEY_REUSED);
    expect((await api.call(apiProfileListCall, {})).total).toBe(1);
  });

  it('may be sent by the desktop client\'s console, which calls the server from another origin', async () => {
    const preflight = await fetch(`${server.baseUrl}${WEB_PREFIX}${profileCreateCall.path}`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:8481', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,idempotency-key' },
    });
    expect(preflight.headers.get('access-control-allow-headers')).toContain('idempotency-key');
  });
});
