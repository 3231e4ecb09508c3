import { Code, loginCall, registerCodeCall } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, signUp } from './flows.ts';
import { newPerson, solvedCaptcha, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { productionLimits: true });
});
afterAll(() => server.close());

describe('rate limits', () => {
  it('stops password guessing on one account after 10 failures, with HTTP 429 and a wait time', async () => {
    const person = await signUp(server);
    for (let i = 0; i < 10; i++) {
      await refusal(server.client().call(loginCall, { account: person.email, passwd: `guess number ${i}` }), Code.WRONG_CREDENTIALS);
    }
    const limited = await refusal(server.client().call(loginCall, { account: person.email, passwd: person.password }), Code.RATE_LIMITED);
    expect((limited.data as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.msg).toContain(String((limited.data as { retryAfterSeconds: number }).retryAfterSeconds));
    const raw = await fetch(`${server.baseUrl}/v2/web/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(raw.status).toBe(400); // a malformed request is still answered as such
  });

  it('limits code sending per IP address', async () => {
    const client = server.client();
    let sent = 0;
    let limited = false;
    for (let i = 0; i < 12 && !limited; i++) {
      try {
        await client.call(registerCodeCall, { type: 'email', account: newPerson().email, ...(await solvedCaptcha(client)) });
        sent += 1;
      } catch (error) {
        expect((error as { code: number }).code).toBe(Code.RATE_LIMITED);
        limited = true;
      }
    }
    expect(limited).toBe(true);
    expect(sent).toBeLessThanOrEqual(10);
  });
});
