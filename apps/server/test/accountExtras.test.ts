import {
  Code,
  accountSettingsGetCall,
  accountSettingsSetCall,
  bindCall,
  bindSendCall,
  feedbackCall,
  graphicsReportCall,
  loginCall,
  memberCall,
  operationLogListCall,
  planStatusCall,
  registerCall,
  registerCodeCall,
  rewardInfoCall,
  subAccountCreateCall,
  subscriptionsCall,
} from '@facet/contracts';
import { MONTH_MS } from '../src/services/planTerm.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, refusal, signedIn } from './flows.ts';
import { newPerson, solvedCaptcha, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function feedbackRows(accountId: string) {
  return server.facet.database.db.selectFrom('feedback').selectAll().where('account_id', '=', accountId).execute();
}

describe('feedback', () => {
  it('keeps score and comment, drops blank contacts, and refuses bad input without storing it', async () => {
    const person = await signedIn(server);
    const { member } = await person.client.call(memberCall, {});
    await person.client.call(feedbackCall, { score: 4, content: '  Batch create is great  ', mobile: '', wechat: '  ', skype: 'live:shop' });
    const [row] = await feedbackRows(member.id);
    expect(row).toMatchObject({ score: 4, content: 'Batch create is great' });
    expect(JSON.parse(row!.contacts)).toEqual({ skype: 'live:shop' });
    await refusal(person.client.call(feedbackCall, { score: 6, content: 'x' }), Code.INVALID_INPUT);
    await refusal(person.client.call(feedbackCall, { score: 3, content: 'x'.repeat(501) }), Code.INVALID_INPUT);
    await refusal(person.client.call(feedbackCall, { score: 3, content: 'ok', skype: 's'.repeat(31) }), Code.INVALID_INPUT);
    await refusal(person.client.call(feedbackCall, { score: 3, content: '   ' }), Code.INVALID_INPUT);
    expect(await feedbackRows(member.id)).toHaveLength(1);
  });

  it('takes at most ten an hour from one account', async () => {
    const person = await signedIn(server);
    for (let i = 0; i < 10; i++) await person.client.call(feedbackCall, { score: 5, content: `note ${i}` });
    await refusal(person.client.call(feedbackCall, { score: 5, content: 'one more' }), Code.RATE_LIMITED);
  });
});

describe('the graphics report (webgl/set_data)', () => {
  const webgl = {
    vendor: 'WebKit',
    renderer: 'WebKit WebGL',
    unmaskedVendor: 'Google Inc. (NVIDIA)',
    unmaskedRenderer: 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
    version: 'WebGL 1.0 (OpenGL ES 2.0 Chromium)',
    shadingLanguageVersion: 'WebGL GLSL ES 1.0',
    maxTextureSize: 16384,
  };
  const rows = (accountId: string) => server.facet.database.db.selectFrom('graphics_reports').selectAll().where('account_id', '=', accountId).execute();

  it('keeps the newest report of each account, and refuses a malformed one without storing it', async () => {
    const person = await signedIn(server);
    const { member } = await person.client.call(memberCall, {});
    await person.client.call(graphicsReportCall, { screenResolution: '1920x1080', devicePixelRatio: 1.25, userAgent: 'Mozilla/5.0 test', webgldata: webgl });
    await person.client.call(graphicsReportCall, { screenResolution: '2560x1440', devicePixelRatio: 1, userAgent: 'Mozilla/5.0 test', webgldata: null });
    const [row, ...others] = await rows(member.id);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ screen_resolution: '2560x1440', device_pixel_ratio: 1, webgl: null });
    await refusal(person.client.call(graphicsReportCall, { screenResolution: '1920 by 1080', devicePixelRatio: 1, userAgent: 'x', webgldata: null }), Code.INVALID_INPUT);
    await refusal(person.client.call(graphicsReportCall, { screenResolution: '1920x1080', devicePixelRatio: 40, userAgent: 'x', webgldata: null }), Code.INVALID_INPUT);
    expect((await rows(member.id))[0]).toMatchObject({ screen_resolution: '2560x1440' });
  });

  it('is for signed-in consoles only', async () => {
    const person = await signedIn(server);
    await person.client.call(graphicsReportCall, { screenResolution: '1920x1080', devicePixelRatio: 1, userAgent: 'x', webgldata: webgl });
    const { member } = await person.client.call(memberCall, {});
    person.client.forget();
    await refusal(person.client.call(graphicsReportCall, { screenResolution: '800x600', devicePixelRatio: 1, userAgent: 'x', webgldata: null }), Code.SESSION_EXPIRED);
    expect((await rows(member.id))[0]).toMatchObject({ screen_resolution: '1920x1080' });
  });
});

describe('binding an e-mail or a phone', () => {
  it('binds an e-mail to a sub-account with the code mailed to it; the code serves no one else', async () => {
    const main = await signedIn(server);
    const username = newPerson('b').username;
    await main.client.call(subAccountCreateCall, { username, password: 'sub password 1' });
    const sub = await logIn(server, username, 'sub password 1');
    expect((await sub.client.call(memberCall, {})).member.email).toBe('unbound');
    const address = `${username}@example.test`;
    await sub.client.call(bindSendCall, { type: 'email', account: address });
    const code = server.codeFor(address);
    // Another account cannot use the code sent for this one, even for the same address.
    const stranger = await signedIn(server);
    await refusal(stranger.client.call(bindCall, { type: 'email', account: address, code }), Code.CODE_EXPIRED);
    await refusal(sub.client.call(bindCall, { type: 'email', account: address, code: '000000' === code ? '111111' : '000000' }), Code.CODE_WRONG);
    expect(await sub.client.call(bindCall, { type: 'email', account: address, code })).toEqual({ type: 'email', account: address });
    expect((await sub.client.call(memberCall, {})).member.email).toBe(address);
    // The code is used up, and the bound address now signs in.
    await refusal(sub.client.call(bindCall, { type: 'email', account: address, code }), Code.CODE_EXPIRED);
    const again = server.client();
    await again.call(loginCall, { account: address, passwd: 'sub password 1', isKeep: 0 });
  });

  it('refuses an address another account holds, a malformed one, and phones without an SMS provider', async () => {
    const person = await signedIn(server);
    const other = await signedIn(server);
    await refusal(person.client.call(bindSendCall, { type: 'email', account: other.email }), Code.EMAIL_TAKEN);
    await refusal(person.client.call(bindSendCall, { type: 'email', account: 'not an address' }), Code.INVALID_INPUT);
    await refusal(person.client.call(bindSendCall, { type: '+86', account: '13800138000' }), Code.SMS_UNAVAILABLE);
    await refusal(person.client.call(bindSendCall, { type: '+86', account: '12' }), Code.INVALID_INPUT);
    await refusal(person.client.call(bindSendCall, { type: 'fax', account: '12' }), Code.INVALID_INPUT);
    expect((await person.client.call(memberCall, {})).member.email).toBe(person.email);
  });
});

describe('global settings', () => {
  it('reads defaults, saves the whole set, logs what changed, and refuses bad values without a change', async () => {
    const person = await signedIn(server);
    const { settings } = await person.client.call(accountSettingsGetCall, {});
    expect(settings).toEqual({ defaultOs: 'windows', defaultStartPage: '', confirmLogoutWithBrowsers: true, planReminderDays: 3 });
    const next = { ...settings, defaultOs: 'macos' as const, defaultStartPage: 'https://shop.example/' };
    expect((await person.client.call(accountSettingsSetCall, { settings: next })).settings).toEqual(next);
    expect((await person.client.call(accountSettingsGetCall, {})).settings).toEqual(next);
    await refusal(person.client.call(accountSettingsSetCall, { settings: { ...next, planReminderDays: 99 } }), Code.INVALID_INPUT);
    expect((await person.client.call(accountSettingsGetCall, {})).settings).toEqual(next);
    const { list } = await person.client.call(operationLogListCall, {});
    expect(list.map((e) => [e.action, e.details])).toEqual([['settings.update', { fields: 'defaultOs,defaultStartPage' }]]);
  });
});

describe('promotion reward', () => {
  let rewarding: TestServer;
  beforeAll(async () => {
    rewarding = await startTestServer({ FACET_REFERRAL_DAYS: '7' });
    await rewarding.facet.services.repositories.plans.insert({ id: 'plan_r', name: 'R', monthly_price: 500, currency: 'USD', profiles: -1, sub_accounts: -1, description: '', sort: 0, retired_at: null, created_at: Date.now() });
  });
  afterAll(() => rewarding.close());

  /** Signs someone up with an invitation code, as the register page does. */
  async function invitedBy(code: string) {
    const client = rewarding.client();
    const person = newPerson('inv');
    await client.call(registerCodeCall, { type: 'email', account: person.email, ...(await solvedCaptcha(client)) });
    client.adopt(await client.call(registerCall, { type: 'email', account: person.email, username: person.username, passwd: person.password, code: rewarding.codeFor(person.email), agreement: true, invitationCode: code }));
    return { ...person, client };
  }

  async function pay(client: Awaited<ReturnType<typeof signedIn>>['client']) {
    const { s } = await client.call(subscriptionsCall, { type: 'plan_r', time: '1' });
    expect(await rewarding.facet.services.payments.settle({ orderId: s!, status: 'paid', amount: null, currency: null, accountId: null }, 'operator')).toBe('applied');
    return (await client.call(planStatusCall, {})).status.expiresAt!;
  }

  it('earns the inviter days with an invitee’s first payment only, kept until the inviter has a plan', async () => {
    const inviter = await signedIn(rewarding);
    const { invitationCode, link, daysPerInvitee } = await inviter.client.call(rewardInfoCall, {});
    expect(link).toBe(`${rewarding.baseUrl}/register?invite=${invitationCode}`);
    expect(daysPerInvitee).toBe(7);
    const friend = await invitedBy(invitationCode);
    expect((await inviter.client.call(rewardInfoCall, {})).invited).toEqual([expect.objectContaining({ days: 0, applied: false })]);

    await pay(friend.client);
    await pay(friend.client);
    const info = await inviter.client.call(rewardInfoCall, {});
    expect(info.invited).toEqual([{ name: `${friend.username.slice(0, 2)}***${friend.username.slice(-1)}`, joinedAt: expect.any(Number), days: 7, applied: false }]);
    expect(info.totalDays).toBe(7);

    // The inviter's first plan carries the waiting days.
    const before = Date.now();
    const end = await pay(inviter.client);
    expect(end - before).toBeGreaterThanOrEqual(MONTH_MS + 7 * 86_400_000);
    expect(end - before).toBeLessThan(MONTH_MS + 7 * 86_400_000 + 60_000);
    expect((await inviter.client.call(rewardInfoCall, {})).invited[0]!.applied).toBe(true);

    // With a plan in force, the next invitee's first payment adds at once.
    const second = await invitedBy(invitationCode);
    await pay(second.client);
    expect((await inviter.client.call(planStatusCall, {})).status.expiresAt).toBe(end + 7 * 86_400_000);
    const log = (await inviter.client.call(operationLogListCall, {})).list.filter((e) => e.action === 'plan.reward');
    expect(log.map((e) => e.details)).toEqual([{ days: 7, applied: 1 }, { days: 7, applied: 0 }]);
  });
});
