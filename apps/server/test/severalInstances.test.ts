import { randomBytes } from 'node:crypto';
import type { ApiClient } from '@facet/api-client';
import {
  Code,
  SYNC_CHUNKS_PREFIX,
  WEB_PREFIX,
  decodeChunkFrames,
  encodeChunkFrames,
  groupCreateCall,
  groupListCall,
  loginCall,
  passwordEditCall,
  profileBatchCreateCall,
  profileLaunchCall,
  profileSyncMissingCall,
  realtimeEvents,
  realtimeProgressEvent,
  signRequest,
  syncLimits,
  type RealtimeProgress,
} from '@facet/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHousekeeping } from '../src/jobs/housekeeping.ts';
import { createProfiles, profileSettings, refusal, signUp, signedIn } from './flows.ts';
import { onPostgres, redisUrl, solvedCaptcha, startTestServer, type TestServer } from './harness.ts';
import { newDevice } from './support/deviceKeys.ts';
import { clientFromAddress } from './support/fromAddress.ts';

// Two server instances behind a load balancer: one PostgreSQL schema, one Redis, one data folder
// (master key, signing key, blobs). Whatever a client did through one instance, the other must
// know. Without Redis an instance pushes only to its own sockets, so this needs both.
const skip = !onPostgres || !redisUrl;

describe.skipIf(skip)('two server instances on one PostgreSQL and one Redis (skipped unless FACET_TEST_DB=postgres with DATABASE_URL, and REDIS_URL)', () => {
  let a: TestServer;
  let b: TestServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // Production limits, behind a trusted proxy so a test can speak from its own address.
    a = await startTestServer({ FACET_TRUST_PROXY: '1' }, { productionLimits: true });
    b = await startTestServer({}, { joining: a });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await b?.close();
    await a?.close();
  });

  /** A console's push channel, as packages/api-client opens it, logged in on `server`. */
  async function pushChannel(server: TestServer, auth: string) {
    const socket = io(server.baseUrl, { path: '/socket.io', transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    const pushes: number[] = [];
    const progress: RealtimeProgress[] = [];
    socket.on(realtimeEvents.message, (m: { code: number }) => pushes.push(m.code));
    socket.on(realtimeProgressEvent, (p: RealtimeProgress) => progress.push(p));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(((await socket.timeout(5000).emitWithAck(realtimeEvents.login, { auth, lang: 0 })) as { code: number }).code).toBe(Code.OK);
    return { socket, pushes, progress };
  }

  const waitFor = async (check: () => boolean, what: string) => {
    const end = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('pushes what happened on one instance to the consoles connected to the other', async () => {
    const person = await signedIn(a);
    const bystander = await signUp(a);
    const onB = await pushChannel(b, person.grant.auth);
    const onA = await pushChannel(a, person.grant.auth);
    const elsewhere = await pushChannel(b, bystander.grant.auth);

    await person.client.call(profileBatchCreateCall, { template: profileSettings({ name: 'Fleet' }), count: 3, proxies: '', requestId: 'across-1' });
    await waitFor(() => onB.progress.some((p) => p.done === 3), 'the batch progress on instance B');
    expect(onB.progress.at(-1)).toEqual({ requestId: 'across-1', done: 3, total: 3 });

    // A password change through A ends every session: 887 to the account's sockets on both, then they are closed.
    await person.client.call(passwordEditCall, { old: person.password, passwd: 'a brand new password' });
    await waitFor(() => onB.pushes.includes(Code.FORCED_LOGOUT) && onA.pushes.includes(Code.FORCED_LOGOUT), '887 on both instances');
    await waitFor(() => !onB.socket.connected && !onA.socket.connected, 'both sockets closed');
    expect(elsewhere.pushes).toEqual([]);
    expect(elsewhere.progress).toEqual([]);
    expect(elsewhere.socket.connected).toBe(true);
  });

  it('counts bad logins sent to either instance together: the captcha and the wait come as on one server', async () => {
    const person = await signUp(a);
    const ip = '198.51.100.61';
    const [viaA, viaB] = [clientFromAddress(a, ip), clientFromAddress(b, ip)];
    await refusal(viaA.call(loginCall, { account: person.email, passwd: 'guess 0' }), Code.WRONG_CREDENTIALS);
    await refusal(viaB.call(loginCall, { account: person.email, passwd: 'guess 1' }), Code.WRONG_CREDENTIALS);
    await refusal(viaA.call(loginCall, { account: person.email, passwd: 'guess 2' }), Code.WRONG_CREDENTIALS);
    // Three wrong passwords, whichever instance took them: the next try needs a captcha, also on B.
    await refusal(viaB.call(loginCall, { account: person.email, passwd: person.password }), Code.CAPTCHA_REQUIRED);
    // A captcha drawn on A is solved on B; the fourth wrong password starts the doubling wait...
    await refusal(viaB.call(loginCall, { account: person.email, passwd: 'guess 3', ...(await solvedCaptcha(viaA)) }), Code.WRONG_CREDENTIALS);
    // ...which A enforces too.
    const limited = await refusal(viaA.call(loginCall, { account: person.email, passwd: person.password, ...(await solvedCaptcha(viaA)) }), Code.RATE_LIMITED);
    expect((limited.data as { retryAfterSeconds: number }).retryAfterSeconds).toBe(1);
  });

  it('refuses a change replayed to the other instance, and makes it once', async () => {
    const person = await signUp(a);
    const path = `${WEB_PREFIX}${groupCreateCall.path}`;
    const post = (server: TestServer, body: unknown) =>
      fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ code: number }>);
    const create = (name: string) => signRequest({ key: a.facet.signKey, path, auth: person.grant.auth, lang: 0, payload: { name }, nonce: `across-${randomBytes(4).toString('hex')}` });
    const first = create('Made on A');
    expect((await post(a, first)).code).toBe(Code.OK);
    expect((await post(b, first)).code).toBe(Code.REPLAYED_REQUEST);
    const second = create('Made on B');
    expect((await post(b, second)).code).toBe(Code.OK);
    expect((await post(a, second)).code).toBe(Code.REPLAYED_REQUEST);
    const { list } = await b.client({ grant: person.grant }).call(groupListCall, {});
    expect(list.map((group) => group.name).sort()).toEqual(['Made on A', 'Made on B']);
  });

  it('reads through one instance the profile state uploaded through the other', async () => {
    const owner = await signedIn(a);
    const onB = b.client({ grant: owner.grant });
    const [id] = await createProfiles(owner.client, 1);
    const laptop = newDevice();
    await owner.client.call(profileLaunchCall, { id: id!, deviceKey: laptop.publicKey, deviceName: 'Laptop' });
    const chunks = Array.from({ length: 3 }, () => ({ id: randomBytes(32).toString('hex'), bytes: randomBytes(4096) }));
    const token = (client: ApiClient) => client.credentials.load()!.auth;

    const put = await fetch(`${a.baseUrl}${SYNC_CHUNKS_PREFIX}${id}/chunks`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token(owner.client)}`, 'content-type': 'application/octet-stream', 'x-facet-device-key': laptop.publicKey },
      body: encodeChunkFrames(chunks),
    });
    expect(put.status).toBe(200);
    // B knows they are there, and serves their bytes.
    expect((await onB.call(profileSyncMissingCall, { id: id!, deviceKey: laptop.publicKey, chunks: chunks.map((c) => ({ id: c.id, size: c.bytes.length })) })).missing).toEqual([]);
    const read = await fetch(`${b.baseUrl}${SYNC_CHUNKS_PREFIX}${id}/chunks/read`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token(onB)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: chunks.map((c) => c.id) }),
    });
    expect(read.status).toBe(200);
    const frames = decodeChunkFrames(new Uint8Array(await read.arrayBuffer()), syncLimits.maxSealedChunkBytes)!;
    expect(frames.map((f) => [f.id, Buffer.from(f.bytes).toString('hex')])).toEqual(chunks.map((c) => [c.id, c.bytes.toString('hex')]));
  });

  it('runs housekeeping once when both instances start it at the same moment', async () => {
    const [onA, onB] = [startHousekeeping(a.facet.services, a.facet.app.log), startHousekeeping(b.facet.services, b.facet.app.log)];
    try {
      const ran = await Promise.all([onA.runOnce(), onB.runOnce()]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      // The lock is let go after the run: the next one, on either instance, runs.
      expect(await onB.runOnce()).toBe(true);
      expect(await onA.runOnce()).toBe(true);
    } finally {
      onA.stop();
      onB.stop();
    }
  });
});
