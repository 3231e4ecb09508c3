import http from 'node:http';
import { subscriptionsCall } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

const PUBLIC_URL = 'https://facet.example.org';
let bare: TestServer;
let behindProxy: TestServer;
beforeAll(async () => {
  bare = await startTestServer();
  behindProxy = await startTestServer({ FACET_PUBLIC_URL: PUBLIC_URL });
});
afterAll(async () => {
  await bare?.close();
  await behindProxy?.close();
});

/** A plan straight into the catalogue, sorted first, so a view opens an order for it. */
async function addPlan(server: TestServer): Promise<string> {
  const id = `plan_paylink_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  await server.facet.services.repositories.plans.insert({
    id, name: 'Pay link', monthly_price: 1000, currency: 'USD', profiles: -1, sub_accounts: -1, description: '', sort: -1, retired_at: null, created_at: Date.now(),
  });
  return id;
}

/** An open order of a new account: its id (the QR code's `s`). */
async function openOrder(server: TestServer): Promise<string> {
  const planId = await addPlan(server);
  const main = await signedIn(server);
  const view = await main.client.call(subscriptionsCall, { type: planId, time: '1' });
  return view.s!;
}

/** `GET /v2/pay/:id` as a phone (or anyone) sends it, with the Host header the sender chose. */
function getPayLink(server: TestServer, orderId: string, host: string): Promise<{ status: number; location: string }> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: `/v2/pay/${orderId}`, headers: { host } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: String(response.headers.location ?? '') });
    });
    request.on('error', reject);
  });
}

const orderRow = (server: TestServer, id: string) => server.facet.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the QR code\'s pay link', () => {
  it('without a public URL, leads to this server\'s own address, never the Host header\'s', async () => {
    const order = await openOrder(bare);
    const answer = await getPayLink(bare, order, 'evil.example');
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`${bare.baseUrl}/wel/account/package?order=${order}`);
  });

  it('with a public URL, leads there whatever the Host header says', async () => {
    const order = await openOrder(behindProxy);
    const answer = await getPayLink(behindProxy, order, 'evil.example:8443');
    expect(answer.location).toBe(`${PUBLIC_URL}/wel/account/package?order=${order}`);
  });

  it('changes nothing: the order keeps the method its owner chose (none yet)', async () => {
    const order = await openOrder(bare);
    const before = await orderRow(bare, order);
    expect(before.method).toBeNull();
    for (let i = 0; i < 3; i++) expect((await getPayLink(bare, order, '127.0.0.1')).status).toBe(302);
    expect(await orderRow(bare, order)).toEqual(before);
  });
});
