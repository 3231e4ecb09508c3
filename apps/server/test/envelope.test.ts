import { Code, WEB_PREFIX, captchaCall, memberCall, signRequest } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function post(path: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: any } };
}

const signed = (path: string, overrides: Partial<Parameters<typeof signRequest>[0]> = {}) =>
  signRequest({ key: server.facet.signKey, path, lang: 0, payload: {}, nonce: `n${Math.random().toString(16).slice(2)}`, ...overrides });

describe('the signed envelope', () => {
  it('accepts a correctly signed call', async () => {
    const path = `${WEB_PREFIX}${captchaCall.path}`;
    const { body } = await post(path, signed(path));
    expect(body.code).toBe(Code.OK);
    expect(body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('refuses a signature made with another key', async () => {
    const path = `${WEB_PREFIX}${captchaCall.path}`;
    const { body } = await post(path, signed(path, { key: 'not-the-key' }));
    expect(body.code).toBe(Code.BAD_SIGNATURE);
  });

  it('refuses a signature made for another call', async () => {
    const request = signed(`${WEB_PREFIX}login`);
    const { body } = await post(`${WEB_PREFIX}${captchaCall.path}`, request);
    expect(body.code).toBe(Code.BAD_SIGNATURE);
  });

  it('refuses data changed after signing', async () => {
    const path = `${WEB_PREFIX}${captchaCall.path}`;
    const request = signed(path);
    const { body } = await post(path, { ...request, data: Buffer.from('{"x":1}').toString('base64') });
    expect(body.code).toBe(Code.BAD_SIGNATURE);
  });

  it('refuses a timestamp more than 300 s away and tells the server time', async () => {
    const path = `${WEB_PREFIX}${captchaCall.path}`;
    const { body } = await post(path, signed(path, { now: Date.now() - 301_000 }));
    expect(body.code).toBe(Code.STALE_TIMESTAMP);
    expect(Math.abs(body.data.serverTime - Date.now())).toBeLessThan(5_000);
    const ahead = await post(path, signed(path, { now: Date.now() + 301_000 }));
    expect(ahead.body.code).toBe(Code.STALE_TIMESTAMP);
    const inside = await post(path, signed(path, { now: Date.now() - 280_000 }));
    expect(inside.body.code).toBe(Code.OK);
  });

  it('refuses the same signed request a second time', async () => {
    const path = `${WEB_PREFIX}${captchaCall.path}`;
    const request = signed(path);
    expect((await post(path, request)).body.code).toBe(Code.OK);
    expect((await post(path, request)).body.code).toBe(Code.REPLAYED_REQUEST);
  });

  it('refuses a read sent a second time, and answers it sent afresh', async () => {
    const person = await signUp(server);
    const path = `${WEB_PREFIX}${memberCall.path}`;
    const request = signed(path, { auth: person.grant.auth });
    expect((await post(path, request)).body.code).toBe(Code.OK);
    expect((await post(path, request)).body.code).toBe(Code.REPLAYED_REQUEST);
    expect((await post(path, signed(path, { auth: person.grant.auth }))).body.code).toBe(Code.OK);
  });

  it('answers in the language asked for', async () => {
    const path = `${WEB_PREFIX}${captchaCall.path}`;
    const english = await post(path, signed(path, { key: 'wrong', lang: 0 }));
    const german = await post(path, signed(path, { key: 'wrong', lang: 9 }));
    const chinese = await post(path, signed(path, { key: 'wrong', lang: 1 }));
    expect(english.body.code).toBe(Code.BAD_SIGNATURE);
    expect(german.body.code).toBe(Code.BAD_SIGNATURE);
    expect(new Set([english.body.msg, german.body.msg, chinese.body.msg]).size).toBe(3);
  });

  it('answers a malformed body with 400 and an envelope', async () => {
    const response = await fetch(`${server.baseUrl}${WEB_PREFIX}login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: number }).code).toBe(Code.INVALID_INPUT);
  });

  it('answers an unknown call with its own code', async () => {
    const { status, body } = await post(`${WEB_PREFIX}no/such/call`, {});
    expect(status).toBe(404);
    expect(body.code).toBe(Code.UNKNOWN_CALL);
  });

  it('answers 886 to a session call without a valid token', async () => {
    const path = `${WEB_PREFIX}${memberCall.path}`;
    const { body } = await post(path, signed(path, { auth: 's_made-up-token' }));
    expect(body.code).toBe(Code.SESSION_EXPIRED);
  });

  it('lets the client recover from a wrong local clock', async () => {
    const person = await signUp(server);
    const client = server.client({ grant: person.grant });
    server.clock.advance(-600); // the server's clock is 10 minutes behind ours
    try {
      const { member } = await client.call(memberCall, {});
      expect(member.email).toBe(person.email);
    } finally {
      server.clock.advance(600);
    }
  });
});
