import { Code, WEB_PREFIX, groupCreateCall, memberCall, realtimeEvents, signRequest, type CallDefinition } from '@facet/contracts';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './flows.ts';
import { redisUrl, startTestServer, type TestServer } from './harness.ts';
import { canStartRedis, startTestRedis, type TestRedis } from './support/redisProcess.ts';

// A Redis that goes away must cost the calls that need it, never the server process: the socket.io
// adapter publishes without handling the promise, and an unhandled rejection ends Node (vitest
// reports one as an error of this file). When Redis returns, pushes cross instances again. Runs
// where the Redis tests run, with a Redis of its own (the shared one cannot be stopped).
describe.skipIf(!redisUrl || !canStartRedis)('a server whose Redis goes away (skipped without REDIS_URL or redis-server)', () => {
  let redis: TestRedis;
  let server: TestServer;
  let other: TestServer;
  beforeAll(async () => {
    redis = await startTestRedis();
    server = await startTestServer({ REDIS_URL: redis.url });
    other = await startTestServer({}, { joining: server });
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
    await redis?.kill();
  });

  const signedCall = (call: CallDefinition, auth: string, payload: object = {}) => {
    const path = `${WEB_PREFIX}${call.path}`;
    const body = signRequest({ key: server.facet.signKey, path, auth, lang: 0, payload, nonce: `outage-${Math.random().toString(16).slice(2)}` });
    return fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, code: ((await r.json()) as { code: number }).code }));
  };
  const createGroup = (auth: string) => signedCall(groupCreateCall, auth, { name: `Group ${Math.random().toString(16).slice(2)}` });

  it('answers the calls that need Redis with a server error, loses its pushes without failing, and recovers when Redis returns', async () => {
    const person = await signUp(server);
    // The console is connected to the other instance; what happens on `server` must reach it.
    const socket = io(other.baseUrl, { path: '/socket.io', transports: ['websocket'], forceNew: true });
    const pushes: number[] = [];
    socket.on(realtimeEvents.message, (m: { code: number }) => pushes.push(m.code));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    expect(((await socket.emitWithAck(realtimeEvents.login, { auth: person.grant.auth, lang: 0 })) as { code: number }).code).toBe(Code.OK);
    const accountId = (await server.facet.services.repositories.accounts.findByLogin(person.email))!.id;
    try {
      await redis.kill();
      // The replay guard cannot remember a change's signature: refused, not let through. A read's
      // is kept in the process (guards/replayGuard.ts), so reads go on being answered.
      expect(await createGroup(person.grant.auth)).toEqual({ status: 500, code: Code.SERVER_ERROR });
      expect(await signedCall(memberCall, person.grant.auth)).toEqual({ status: 200, code: Code.OK });
      // A push finds no way to the other instances: it is lost, and the caller carries on.
      await expect(server.facet.services.push.pushToAccount(accountId, Code.PAYMENT_SUCCEEDED)).resolves.toBeUndefined();
      await expect(server.facet.services.push.forceLogout(accountId)).resolves.toBeUndefined();
      // Closing a session's sockets publishes straight away, without asking the other instances
      // first; the failed publish must be reported, not left unhandled.
      await server.facet.services.push.closeSession('a-session-nobody-holds');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(socket.connected).toBe(true);

      await redis.start();
      // ioredis reconnects by itself (its wait between tries grows to 2 s).
      const end = Date.now() + 15_000;
      let answer = await createGroup(person.grant.auth);
      while (answer.code !== Code.OK && Date.now() < end) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        answer = await createGroup(person.grant.auth);
      }
      expect(answer).toEqual({ status: 200, code: Code.OK });
      // The other instance subscribes again by itself; until it has, a push finds no one there.
      await expect
        .poll(
          async () => {
            await server.facet.services.push.pushToAccount(accountId, Code.PAYMENT_SUCCEEDED);
            return pushes;
          },
          { timeout: 15_000, interval: 300 },
        )
        .toContain(Code.PAYMENT_SUCCEEDED);
    } finally {
      socket.disconnect();
    }
  });
});
