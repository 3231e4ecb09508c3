import { Code, loginCall, memberCall, passwordCodeCall, passwordEditCall, passwordResetCall } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, refusal, signUp } from './flows.ts';
import { solvedCaptcha, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('password change', () => {
  it('refuses a wrong old password with 2122 and keeps the password', async () => {
    const person = await signUp(server);
    const client = server.client({ grant: person.grant });
    // A wrong old password is not a failed sign-in: it names no username and keeps the session.
    await refusal(client.call(passwordEditCall, { old: 'not my password', passwd: 'brand new password' }), Code.WRONG_PASSWORD);
    await logIn(server, person.email, person.password);
  });

  it('refuses the same password again', async () => {
    const person = await signUp(server);
    await refusal(server.client({ grant: person.grant }).call(passwordEditCall, { old: person.password, passwd: person.password }), Code.PASSWORD_UNCHANGED);
  });

  it('ends every session of the account, this one included', async () => {
    const person = await signUp(server);
    const other = await logIn(server, person.email, person.password);
    const client = server.client({ grant: { ...person.grant, refresh: '' } });
    await client.call(passwordEditCall, { old: person.password, passwd: 'brand new password' });
    await refusal(client.call(memberCall, {}), Code.SESSION_EXPIRED);
    await refusal(server.client({ grant: { ...other.grant, refresh: '' } }).call(memberCall, {}), Code.SESSION_EXPIRED);
    await refusal(server.client().call(loginCall, { account: person.email, passwd: person.password }), Code.WRONG_CREDENTIALS);
    await logIn(server, person.email, 'brand new password');
  });
});

describe('forgotten password', () => {
  it('resets the password with the mailed code and ends old sessions', async () => {
    const person = await signUp(server);
    const client = server.client();
    await client.call(passwordCodeCall, { type: 'email', account: person.email, ...(await solvedCaptcha(client)) });
    const code = server.codeFor(person.email);
    await client.call(passwordResetCall, { type: 'email', account: person.email, code, passwd: 'a fresh password' });
    await refusal(server.client({ grant: { ...person.grant, refresh: '' } }).call(memberCall, {}), Code.SESSION_EXPIRED);
    await logIn(server, person.email, 'a fresh password');
    // The code was used up.
    await refusal(client.call(passwordResetCall, { type: 'email', account: person.email, code, passwd: 'another password' }), Code.CODE_EXPIRED);
  });

  it('answers the same for an unknown address, sends nothing, and keeps the 60 s rhythm', async () => {
    const client = server.client();
    const before = server.outboxFiles().length;
    const answer = await client.call(passwordCodeCall, { type: 'email', account: 'nobody-here@example.test', ...(await solvedCaptcha(client)) });
    expect(answer).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600 });
    expect(server.outboxFiles().length).toBe(before);
    await refusal(
      client.call(passwordCodeCall, { type: 'email', account: 'nobody-here@example.test', ...(await solvedCaptcha(client)) }),
      Code.CODE_SENT_TOO_RECENTLY,
    );
    await refusal(client.call(passwordResetCall, { type: 'email', account: 'nobody-here@example.test', code: '123456', passwd: 'whatever password' }), Code.CODE_WRONG);
  });
});
