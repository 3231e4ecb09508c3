import { Code, captchaCall, memberCall, registerCall, registerCodeCall } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, signUp } from './flows.ts';
import { TEST_CAPTCHA, newPerson, solvedCaptcha, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const countAccounts = async () => (await server.facet.services.repositories.accounts.listAll(100_000)).length;

async function requestCode(email: string) {
  const client = server.client();
  return client.call(registerCodeCall, { type: 'email', account: email, ...(await solvedCaptcha(client)) });
}

describe('sign-up by e-mail', () => {
  it('signs a person up with the code from the outbox and signs them in', async () => {
    const person = newPerson();
    const sent = await requestCode(person.email);
    expect(sent).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600 });
    const code = server.codeFor(person.email);
    expect(code).toMatch(/^\d{6}$/);
    const client = server.client();
    const grant = await client.call(registerCall, {
      type: 'email',
      account: person.email.toUpperCase(),
      username: person.username,
      passwd: person.password,
      code,
      agreement: true,
    });
    client.adopt(grant);
    const { member } = await client.call(memberCall, {});
    expect(member).toMatchObject({ email: person.email, name: person.username, type: 'main', phone: 'unbound' });
    expect(member.subscription).toEqual({ isNew: true, expired: false, restricted: false, expiresAt: null });
    expect(member.invitationCode).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('refuses a wrong captcha and burns it', async () => {
    const client = server.client();
    const { captchaId } = await client.call(captchaCall, {});
    const person = newPerson();
    await refusal(client.call(registerCodeCall, { type: 'email', account: person.email, captchaId, captcha: 'ZZZZ' }), Code.CAPTCHA_WRONG);
    await refusal(client.call(registerCodeCall, { type: 'email', account: person.email, captchaId, captcha: TEST_CAPTCHA }), Code.CAPTCHA_EXPIRED);
    expect(server.outboxFiles().some((f) => f.includes(person.email))).toBe(false);
  });

  it('accepts the captcha in any letter case', async () => {
    const client = server.client();
    const { captchaId } = await client.call(captchaCall, {});
    await client.call(registerCodeCall, { type: 'email', account: newPerson().email, captchaId, captcha: TEST_CAPTCHA.toLowerCase() });
  });

  it('refuses an expired captcha', async () => {
    const client = server.client();
    const { captchaId } = await client.call(captchaCall, {});
    server.clock.advance(301);
    try {
      await refusal(client.call(registerCodeCall, { type: 'email', account: newPerson().email, captchaId, captcha: TEST_CAPTCHA }), Code.CAPTCHA_EXPIRED);
    } finally {
      server.clock.advance(-301);
    }
  });

  it('sends at most one code per address per 60 seconds', async () => {
    const person = newPerson();
    await requestCode(person.email);
    const refused = await refusal(requestCode(person.email), Code.CODE_SENT_TOO_RECENTLY);
    expect((refused.data as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(50);
    expect(refused.msg).toMatch(/\d+/);
    server.clock.advance(61);
    try {
      await requestCode(person.email);
    } finally {
      server.clock.advance(-61);
    }
  });

  it('voids the code after 5 wrong tries', async () => {
    const person = newPerson();
    await requestCode(person.email);
    const right = server.codeFor(person.email);
    const wrong = right === '000000' ? '111111' : '000000';
    const client = server.client();
    const attempt = (code: string) =>
      client.call(registerCall, { type: 'email', account: person.email, username: person.username, passwd: person.password, code, agreement: true });
    for (let i = 0; i < 4; i++) await refusal(attempt(wrong), Code.CODE_WRONG);
    await refusal(attempt(wrong), Code.CODE_TOO_MANY_TRIES);
    await refusal(attempt(right), Code.CODE_TOO_MANY_TRIES);
    expect(await server.facet.services.repositories.accounts.findByEmail(person.email)).toBeUndefined();
  });

  it('lets a code live 10 minutes', async () => {
    const person = newPerson();
    await requestCode(person.email);
    server.clock.advance(601);
    try {
      await refusal(
        server.client().call(registerCall, { type: 'email', account: person.email, username: person.username, passwd: person.password, code: server.codeFor(person.email), agreement: true }),
        Code.CODE_EXPIRED,
      );
    } finally {
      server.clock.advance(-601);
    }
  });

  it('refuses a taken username without spending the code', async () => {
    const first = await signUp(server);
    const person = newPerson();
    await requestCode(person.email);
    const code = server.codeFor(person.email);
    const client = server.client();
    const base = { type: 'email' as const, account: person.email, passwd: person.password, code, agreement: true };
    await refusal(client.call(registerCall, { ...base, username: first.username.toUpperCase() }), Code.USERNAME_TAKEN);
    await client.call(registerCall, { ...base, username: person.username });
  });

  it('refuses an address that is already registered, before sending anything', async () => {
    const first = await signUp(server);
    const before = server.outboxFiles().length;
    await refusal(requestCode(first.email), Code.EMAIL_TAKEN);
    expect(server.outboxFiles().length).toBe(before);
  });

  it('checks the invitation code and records the inviter', async () => {
    const inviter = await signUp(server);
    const inviterClient = server.client({ grant: inviter.grant });
    const { member } = await inviterClient.call(memberCall, {});
    const person = newPerson();
    await requestCode(person.email);
    const base = { type: 'email' as const, account: person.email, username: person.username, passwd: person.password, code: server.codeFor(person.email), agreement: true };
    await refusal(server.client().call(registerCall, { ...base, invitationCode: 'NOSUCH99' }), Code.INVITATION_CODE_INVALID);
    await server.client().call(registerCall, { ...base, invitationCode: member.invitationCode!.toLowerCase() });
    const created = await server.facet.services.repositories.accounts.findByEmail(person.email);
    expect(created?.invited_by).toBe(member.id);
  });

  it('requires the agreement', async () => {
    const person = newPerson();
    await requestCode(person.email);
    const before = await countAccounts();
    await refusal(
      server.client().call(registerCall, { type: 'email', account: person.email, username: person.username, passwd: person.password, code: server.codeFor(person.email), agreement: false }),
      Code.AGREEMENT_REQUIRED,
    );
    expect(await countAccounts()).toBe(before);
  });

  it('answers phone sign-up with "mobile registration not supported"', async () => {
    await refusal(server.client().call(registerCodeCall, { type: 'mobile', account: '13800138000' }), Code.MOBILE_REGISTRATION_UNSUPPORTED);
    await refusal(server.client().call(registerCall, { type: 'mobile' }), Code.MOBILE_REGISTRATION_UNSUPPORTED);
  });

  it('names each bad field with the message key the console shows, and changes nothing', async () => {
    const before = await countAccounts();
    const refused = await refusal(
      server.client().call(registerCall, { type: 'email', account: 'not-an-email', username: 'ab', passwd: 'short', code: '1234567', agreement: true }),
      Code.INVALID_INPUT,
    );
    const issues = (refused.data as { issues: { path: string; key: string }[] }).issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'account', key: 'validation.email.format' },
        { path: 'username', key: 'validation.username.length' },
        { path: 'passwd', key: 'validation.password.length' },
        { path: 'code', key: 'validation.code.length' },
      ]),
    );
    expect(await countAccounts()).toBe(before);
  });

  it('takes passwords of 8 to 64 characters and usernames of 4 to 20', async () => {
    const tooLong = await refusal(
      server.client().call(registerCall, { type: 'email', account: newPerson().email, username: 'u'.repeat(21), passwd: 'p'.repeat(65), code: '123456', agreement: true }),
      Code.INVALID_INPUT,
    );
    expect((tooLong.data as { issues: { path: string }[] }).issues.map((i) => i.path).sort()).toEqual(['passwd', 'username']);
    const person = { ...newPerson(), username: 'Ünï_çødé', password: 'p'.repeat(64) };
    await signUp(server, server.client(), person);
  });
});
