import { Code, WEB_PREFIX, feedbackCall, groupCreateCall, groupListCall, loginCall, signRequest } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, signUp, signedIn } from './flows.ts';
import { solvedCaptcha, startTestServer, type TestServer } from './harness.ts';
import { clientFromAddress } from './support/fromAddress.ts';

// What the server remembers to refuse a request must outlive the server process: a restart
// (an upgrade, a crash, a deploy) used to forget it all.
let server: TestServer;
beforeAll(async () => {
  // Production limits, behind a trusted proxy so a test can speak from its own address.
  server = await startTestServer({ FACET_TRUST_PROXY: '1' }, { productionLimits: true });
});
afterAll(() => server.close());

const fromAddress = (ip: string) => clientFromAddress(server, ip);

async function post(path: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as { code: number };
}

describe('after a restart on the same database', () => {
  it('still refuses a change it accepted before', async () => {
    const person = await signUp(server);
    const path = `${WEB_PREFIX}${groupCreateCall.path}`;
    const request = signRequest({ key: server.facet.signKey, path, auth: person.grant.auth, lang: 0, payload: { name: 'Before the restart' }, nonce: 'restart-replay-1' });
    expect((await post(path, request)).code).toBe(Code.OK);

    await server.restart();

    expect((await post(path, request)).code).toBe(Code.REPLAYED_REQUEST);
    // The new server is otherwise the same: a fresh request of the same session goes through,
    // and the group was made once.
    const { list } = await server.client({ grant: person.grant }).call(groupListCall, {});
    expect(list.map((group) => group.name)).toEqual(['Before the restart']);
  });

  it('still makes a guessing address wait and solve a captcha', async () => {
    const person = await signUp(server);
    const guesser = fromAddress('198.51.100.23');
    for (let i = 0; i < 3; i++) await refusal(guesser.call(loginCall, { account: person.email, passwd: `guess ${i}` }), Code.WRONG_CREDENTIALS);
    await refusal(guesser.call(loginCall, { account: person.email, passwd: 'guess 3', ...(await solvedCaptcha(guesser)) }), Code.WRONG_CREDENTIALS);

    await server.restart();

    // Not three fresh tries: the doubling wait still runs, then the captcha is still needed.
    const again = fromAddress('198.51.100.23');
    const limited = await refusal(again.call(loginCall, { account: person.email, passwd: 'guess 4' }), Code.RATE_LIMITED);
    expect((limited.data as { retryAfterSeconds: number }).retryAfterSeconds).toBe(1);
    server.clock.advance(1);
    await refusal(again.call(loginCall, { account: person.email, passwd: 'guess 4' }), Code.CAPTCHA_REQUIRED);
    // The owner, from their own address, is not held up.
    await fromAddress('192.0.2.44').call(loginCall, { account: person.email, passwd: person.password });
  });

  it('still holds a rate limit reached before', async () => {
    const person = await signedIn(server);
    for (let i = 0; i < 10; i++) await person.client.call(feedbackCall, { score: 5, content: `note ${i}` });

    await server.restart();

    await refusal(server.client({ grant: person.grant }).call(feedbackCall, { score: 5, content: 'one more' }), Code.RATE_LIMITED);
    // The window still ends when it did: an hour after it began.
    server.clock.advance(3600);
    try {
      await server.client({ grant: person.grant }).call(feedbackCall, { score: 5, content: 'an hour later' });
    } finally {
      server.clock.advance(-3600);
    }
  });
});
