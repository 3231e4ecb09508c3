import { Code, profileCookiesCall, profileCreateCall, profileDetailCall, profileExportCall, profileLaunchCall, profileListCall, profileShareCall, profileUpdateCall, type Cookie } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfiles, profileSettings, refusal, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { newDevice } from './support/deviceKeys.ts';

/**
 * Issue 34: a run-only recipient could replace a shared profile's cookies (the grant its launch
 * hands out, to save what the browser held at stop) with a name holding CR/LF or a domain
 * `javascript:alert(1)`, after which every start failed. Cookies are held to the cookie rule
 * (contracts cookieRule.ts) wherever they come in; a refusal names the cookie and the field.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const good: Cookie = { domain: '.shop.example', name: 'sid', value: 'owner-session', path: '/', httpOnly: true, secure: true, sameSite: 'lax' };
const crlfName = { ...good, name: 'sid\r\nSet-Cookie: x' };
const scriptDomain = { ...good, domain: 'javascript:alert(1)' };

async function issuesOf(promise: Promise<unknown>) {
  return ((await refusal(promise, Code.INVALID_INPUT)).data as { issues: { path: string; key: string }[] }).issues;
}

describe('the cookie rule at the server', () => {
  it('refuses, at browser/cookies, a CR/LF name and a javascript: domain by the cookie and its field, and keeps what was stored', async () => {
    const owner = await signedIn(server);
    const [id] = (await createProfiles(owner.client, 1, { cookies: [good] })) as [string];

    expect(await issuesOf(owner.client.call(profileCookiesCall, { id, cookies: [good, crlfName] }))).toEqual([{ path: 'cookies.1.name', key: 'validation.cookie.name' }]);
    expect(await issuesOf(owner.client.call(profileCookiesCall, { id, cookies: [scriptDomain] }))).toEqual([{ path: 'cookies.0.domain', key: 'validation.cookie.domain' }]);
    expect(await issuesOf(owner.client.call(profileCookiesCall, { id, cookies: [{ ...good, expirationDate: 1e308 }] }))).toEqual([{ path: 'cookies.0.expirationDate', key: 'validation.cookie.expiry' }]);
    expect((await owner.client.call(profileDetailCall, { id })).profile.cookies).toEqual([good]);
  });

  it('holds a run-only recipient\'s save at stop (the launch\'s grant) to the same rule: the owner\'s profile still starts', async () => {
    const owner = await signedIn(server);
    const [id] = (await createProfiles(owner.client, 1, { cookies: [good] })) as [string];
    const runner = await signedIn(server);
    await owner.client.call(profileShareCall, { mode: 'accounts', ids: [id], accounts: [runner.username] });
    const { grant } = await runner.client.call(profileLaunchCall, { id, deviceKey: newDevice().publicKey });

    expect(await issuesOf(runner.client.call(profileCookiesCall, { id, cookies: [crlfName, scriptDomain], grant }))).toEqual([
      { path: 'cookies.0.name', key: 'validation.cookie.name' },
      { path: 'cookies.1.domain', key: 'validation.cookie.domain' },
    ]);
    expect((await owner.client.call(profileDetailCall, { id })).profile.cookies).toEqual([good]);
    // What a browser holds is saved as before.
    const atStop = { ...good, value: 'runner-session' };
    expect(await runner.client.call(profileCookiesCall, { id, cookies: [atStop], grant })).toEqual({ saved: 1 });
    expect((await owner.client.call(profileDetailCall, { id })).profile.cookies).toEqual([atStop]);
  });

  it('refuses a profile created with such a cookie, and stores nothing', async () => {
    const owner = await signedIn(server);
    const created = owner.client.call(profileCreateCall, { settings: profileSettings({ name: 'Bad cookies', cookies: [good, scriptDomain] }) });
    expect(await issuesOf(created)).toEqual([{ path: 'settings.cookies.1.domain', key: 'validation.cookie.domain' }]);
    expect((await owner.client.call(profileListCall, { page: 1, limit: 20 })).total).toBe(0);
  });

  it('still reads and launches a profile whose cookies were stored before the rule, as stored (the start skips them)', async () => {
    const owner = await signedIn(server);
    const [id] = (await createProfiles(owner.client, 1, { cookies: [good] })) as [string];
    // What an older version let in: written past the edge, as its service stored it then.
    const account = await server.facet.services.repositories.accounts.findByEmail(owner.email);
    await server.facet.services.profiles.saveCookies(account!, id, [good, crlfName, scriptDomain]);

    expect((await owner.client.call(profileDetailCall, { id })).profile.cookies).toEqual([good, crlfName, scriptDomain]);
    expect((await owner.client.call(profileExportCall, { ids: [id] })).profiles[0]!.cookies).toEqual([good, crlfName, scriptDomain]);
    const device = newDevice();
    const launch = await owner.client.call(profileLaunchCall, { id, deviceKey: device.publicKey });
    expect(device.open(launch.sealed, id).cookies).toEqual([good, crlfName, scriptDomain]);
  });

  it('keeps, through an edit, cookies stored before the rule that are sent back as read, and the stored ones when none are sent; a new bad one changes nothing', async () => {
    const owner = await signedIn(server);
    const [id] = (await createProfiles(owner.client, 1, { cookies: [good] })) as [string];
    const account = await server.facet.services.repositories.accounts.findByEmail(owner.email);
    await server.facet.services.profiles.saveCookies(account!, id, [good, crlfName]);
    const { profile } = await owner.client.call(profileDetailCall, { id });

    // The edit form saves what it loaded: the old cookie goes back as it was, the name changes.
    await owner.client.call(profileUpdateCall, { id, settings: { ...profile, name: 'Renamed' } });
    let now = (await owner.client.call(profileDetailCall, { id })).profile;
    expect([now.name, now.cookies]).toEqual(['Renamed', [good, crlfName]]);

    // A script that sends no cookies leaves them as they are (it was: all gone).
    await owner.client.call(profileUpdateCall, { id, settings: { ...profile, name: 'Again', cookies: undefined } });
    now = (await owner.client.call(profileDetailCall, { id })).profile;
    expect([now.name, now.cookies]).toEqual(['Again', [good, crlfName]]);

    // A cookie the profile does not store is held to the rule: refused by place and field, nothing changed.
    const sent = owner.client.call(profileUpdateCall, { id, settings: { ...profile, name: 'Refused', cookies: [good, crlfName, scriptDomain] } });
    expect(await issuesOf(sent)).toEqual([{ path: 'settings.cookies.2.domain', key: 'validation.cookie.domain' }]);
    now = (await owner.client.call(profileDetailCall, { id })).profile;
    expect([now.name, now.cookies]).toEqual(['Again', [good, crlfName]]);
  });
});
