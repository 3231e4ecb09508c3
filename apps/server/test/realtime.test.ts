import { Code, passwordEditCall, subscriptionOrderCall, subscriptionsCall } from '@facet/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUp, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { operatorCli } from './support/operatorCli.ts';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server.close();
});

async function connect(auth: string, lang = 0) {
  const socket = io(server.baseUrl, { path: '/socket.io', transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const pushes: { code: number; msg: string; data?: unknown }[] = [];
  socket.on('message', (m: { code: number; msg: string; data?: unknown }) => pushes.push(m));
  const ack = (await socket.timeout(5000).emitWithAck('login', { auth, lang })) as { code: number };
  return { socket, pushes, ack };
}

const waitFor = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('push channel', () => {
  it('delivers what an operator command pushed from its own process: a confirmed order reaches the account\'s consoles', async () => {
    const cli = operatorCli(server);
    const plan = await cli('admin', 'plan', 'add', '--name', 'Pushed', '--price', '3', '--currency', 'USD', '--profiles', '5', '--subaccounts', '1');
    expect(plan.code, plan.stderr).toBe(0);
    const person = await signedIn(server);
    const { s: order } = await person.client.call(subscriptionsCall, { type: plan.stdout.trim(), time: '1' });
    await person.client.call(subscriptionOrderCall, { s: order!, id: 'operator' });
    const { pushes, ack } = await connect(person.grant.auth);
    expect(ack.code).toBe(0);
    // The command holds no sockets: it leaves the push in the database, and the server delivers it.
    expect((await cli('admin', 'order', 'confirm', order!)).code).toBe(0);
    await waitFor(() => pushes.some((p) => p.code === Code.PAYMENT_SUCCEEDED));
    expect(pushes.find((p) => p.code === Code.PAYMENT_SUCCEEDED)).toMatchObject({ data: { s: order } });
    expect(await server.facet.services.repositories.pendingPushes.take(10)).toEqual([]);
  });

  it('stops pushing to a socket whose session token has expired, and tells it so', async () => {
    const person = await signUp(server);
    const first = await logIn(server, person.email, person.password);
    const stale = await connect(first.grant.auth);
    expect(stale.ack.code).toBe(Code.OK);
    const accountId = (await server.facet.services.repositories.accounts.findByLogin(person.email))!.id;
    server.clock.advance(2 * 3600 + 1);
    try {
      // A console still there renews and logs its socket in again; this one did not.
      const second = await logIn(server, person.email, person.password);
      const fresh = await connect(second.grant.auth);
      await server.facet.services.push.pushToAccount(accountId, Code.PAYMENT_SUCCEEDED);
      await waitFor(() => fresh.pushes.length === 1 && stale.pushes.length === 1);
      expect(fresh.pushes[0]!.code).toBe(Code.PAYMENT_SUCCEEDED);
      expect(stale.pushes[0]!.code).toBe(Code.SESSION_EXPIRED);
      // Out of the account's rooms: the next push passes it by.
      await server.facet.services.push.pushToAccount(accountId, Code.PAYMENT_FAILED);
      await waitFor(() => fresh.pushes.length === 2);
      expect(stale.pushes).toHaveLength(1);
      // Still connected: logged in with a renewed token, it hears pushes again.
      expect((await stale.socket.timeout(5000).emitWithAck('login', { auth: second.grant.auth, lang: 0 })).code).toBe(Code.OK);
      await server.facet.services.push.pushToAccount(accountId, Code.PAYMENT_SUCCEEDED);
      await waitFor(() => stale.pushes.length === 2);
    } finally {
      server.clock.advance(-(2 * 3600 + 1));
    }
  });

  it('refuses a login with an unknown token', async () => {
    const { ack } = await connect('s_not-a-token');
    expect(ack.code).toBe(Code.SESSION_EXPIRED);
  });

  it('pushes 887 to every socket of the account when its sessions end, in each socket\'s language, and to no one else', async () => {
    const person = await signUp(server);
    const second = await logIn(server, person.email, person.password);
    const bystander = await signUp(server);
    const a = await connect(person.grant.auth, 0);
    const b = await connect(second.grant.auth, 9);
    const c = await connect(bystander.grant.auth, 0);
    expect([a.ack.code, b.ack.code, c.ack.code]).toEqual([0, 0, 0]);

    await server.client({ grant: person.grant }).call(passwordEditCall, { old: person.password, passwd: 'brand new password' });
    await waitFor(() => a.pushes.length > 0 && b.pushes.length > 0);
    expect(a.pushes[0]!.code).toBe(Code.FORCED_LOGOUT);
    expect(b.pushes[0]!.code).toBe(Code.FORCED_LOGOUT);
    expect(b.pushes[0]!.msg).not.toBe(a.pushes[0]!.msg); // German, not English
    await waitFor(() => !a.socket.connected && !b.socket.connected);
    await new Promise((r) => setTimeout(r, 200));
    expect(c.pushes).toEqual([]);
    expect(c.socket.connected).toBe(true);
  });
});
