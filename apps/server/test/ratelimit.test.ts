import { Code, loginCall, registerCodeCall } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, signUp } from './flows.ts';
import { newPerson, solvedCaptcha, startTestServer, type TestServer } from './harness.ts';
import { clientFromAddress } from './support/fromAddress.ts';

let server: TestServer;
beforeAll(async () => {
  // Behind a trusted proxy, so a test can speak from many addresses.
  server = await startTestServer({ FACET_TRUST_PROXY: '1' }, { productionLimits: true });
});

const fromAddress = (ip: string) => clientFromAddress(server, ip);
afterAll(() => server.close());

describe('rate limits', () => {
  it('slows guessing from one address with a captcha and doubling waits, and answers a malformed request as such', async () => {
    const person = await signUp(server);
    const from = fromAddress('198.51.100.7');
    for (let i = 0; i < 3; i++) await refusal(from.call(loginCall, { account: person.email, passwd: `guess number ${i}` }), Code.WRONG_CREDENTIALS);
    // The third wrong password said the next try needs a captcha; without one it is not tried.
    await refusal(from.call(loginCall, { account: person.email, passwd: person.password }), Code.CAPTCHA_REQUIRED);
    await refusal(from.call(loginCall, { account: person.email, passwd: 'guess number 3', ...(await solvedCaptcha(from)) }), Code.WRONG_CREDENTIALS);
    // Now the pair waits 1 s, then 2 s: a try in between is refused with the wait, untried.
    const limited = await refusal(from.call(loginCall, { account: person.email, passwd: person.password, ...(await solvedCaptcha(from)) }), Code.RATE_LIMITED);
    expect((limited.data as { retryAfterSeconds: number }).retryAfterSeconds).toBe(1);
    expect(limited.msg).toContain('1');
    server.clock.advance(1);
    await refusal(from.call(loginCall, { account: person.email, passwd: 'guess number 4', ...(await solvedCaptcha(from)) }), Code.WRONG_CREDENTIALS);
    expect(((await refusal(from.call(loginCall, { account: person.email, passwd: 'x', ...(await solvedCaptcha(from)) }), Code.RATE_LIMITED)).data as { retryAfterSeconds: number }).retryAfterSeconds).toBe(2);
    server.clock.advance(2);
    // The right password, with a captcha, still signs in from here.
    await from.call(loginCall, { account: person.email, passwd: person.password, ...(await solvedCaptcha(from)) });
    const raw = await fetch(`${server.baseUrl}/v2/web/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(raw.status).toBe(400); // a malformed request is still answered as such
  });

  it('never locks the owner out: guesses from 50 addresses bring a captcha, not a wait, to the owner', async () => {
    const person = await signUp(server);
    // Without solving captchas, 50 addresses together get 20 wrong passwords in, not 50 × 3.
    let guessed = 0;
    for (let n = 0; n < 50; n++) {
      const attacker = fromAddress(`203.0.113.${n + 1}`);
      for (let i = 0; i < 3; i++) {
        const code = await attacker.call(loginCall, { account: person.email, passwd: `guess ${n}.${i}` }).then(
          () => 0,
          (error: { code: number }) => error.code,
        );
        if (code === Code.WRONG_CREDENTIALS) guessed += 1;
        else expect(code).toBe(Code.CAPTCHA_REQUIRED);
      }
    }
    expect(guessed).toBe(20);
    // The owner, from their own address: a captcha, then in.
    const owner = fromAddress('192.0.2.10');
    await refusal(owner.call(loginCall, { account: person.email, passwd: person.password }), Code.CAPTCHA_REQUIRED);
    // A wrong captcha is not a wrong password: refused, nothing counted.
    await refusal(owner.call(loginCall, { account: person.email, passwd: person.password, captchaId: (await solvedCaptcha(owner)).captchaId, captcha: 'XXXX' }), Code.CAPTCHA_WRONG);
    await owner.call(loginCall, { account: person.email, passwd: person.password, ...(await solvedCaptcha(owner)) });
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
