import {
  Code,
  SESSION_MODE_HEADER,
  fingerprintGenerateCall,
  memberCall,
  profileBatchCreateCall,
  profileCreateCall,
  profileDetailCall,
  profileImportCall,
  profileLaunchCall,
  profileLeaseReleaseCall,
  profileListCall,
  profileUpdateCall,
  savedProxyAddCall,
  savedProxyDetailCall,
  type ProfileSettingsInput,
} from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNUSABLE_PROXY_HOST } from '../src/codecs/storedFieldRules.ts';
import { createProfiles, profileSettings, refusal, settingsOf, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { newDevice } from './support/deviceKeys.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.facet.database.db;

/** The issues of an INVALID_INPUT refusal, as `path key` lines. */
async function refusedFields(promise: Promise<unknown>): Promise<string[]> {
  const error = await refusal(promise, Code.INVALID_INPUT);
  return (error.data as { issues: { path: string; key: string }[] }).issues.map((issue) => `${issue.path} ${issue.key}`);
}

/**
 * The inputs issue 34's probe saw stored with code 0 (or answered with a 500): each is refused
 * where it enters, with INVALID_INPUT naming its field, and nothing is stored.
 */
describe('profile fields are validated where they enter', () => {
  const probes: [string, Partial<ProfileSettingsInput>, string][] = [
    ['a resolution no screen has', { resolution: '99999x99999' }, 'settings.resolution validation.resolutionSize'],
    ['a kernel that is a path', { kernelVersion: '../../bin' }, 'settings.kernelVersion validation.kernel'],
    ["a time zone that is a path (it reached Chromium's TZ)", { timezone: '../../etc/passwd' }, 'settings.timezone validation.timezone'],
    ['a language with CR/LF', { language: 'en-US\r\nX-Evil: 1' }, 'settings.language validation.language'],
    ['a fixed debug port in the well-known range', { fingerprint: { remoteDebug: { port: 22 } } }, 'settings.fingerprint.remoteDebug.port validation.debugPort'],
    ['a proxy host with a space', { proxy: { type: 'http', host: 'a b', port: 8080 } }, 'settings.proxy.host validation.proxyHost'],
    ['a proxy host with a scheme', { proxy: { type: 'http', host: 'http://proxy.example', port: 8080 } }, 'settings.proxy.host validation.proxyHost'],
    ['control characters in the command line', { fingerprint: { commandLine: '--lang=en\u001b' } }, 'settings.fingerprint.commandLine validation.commandLine'],
  ];

  it.each(probes)('a create with %s is refused naming the field, and nothing is stored', async (_name, change, issue) => {
    const alice = await signedIn(server);
    expect(await refusedFields(alice.client.call(profileCreateCall, { settings: profileSettings(change) }))).toEqual([issue]);
    expect((await alice.client.call(profileListCall, {})).total).toBe(0);
  });

  it.each(probes)('an edit with %s is refused naming the field, and the profile is unchanged', async (_name, change, issue) => {
    const alice = await signedIn(server);
    const [id] = (await createProfiles(alice.client, 1)) as [string];
    const { profile } = await alice.client.call(profileDetailCall, { id });
    const settings = settingsOf(profile, change as never);
    expect(await refusedFields(alice.client.call(profileUpdateCall, { id, settings: { ...settings, fingerprint: { ...profile.fingerprint, ...change.fingerprint } } }))).toEqual([issue]);
    expect((await alice.client.call(profileDetailCall, { id })).profile).toEqual(profile);
  });

  it('an import with one bad profile is refused by its index, and none is created', async () => {
    const alice = await signedIn(server);
    const good = { name: 'From a file', os: 'windows' as const };
    const issues = await refusedFields(alice.client.call(profileImportCall, { profiles: [good, { ...good, timezone: '../../etc/passwd' }] }));
    expect(issues).toEqual(['profiles.1.timezone validation.timezone']);
    expect((await alice.client.call(profileListCall, {})).total).toBe(0);
  });

  it('a batch template and a fingerprint suggestion take only a known kernel', async () => {
    const alice = await signedIn(server);
    const { userAgent: _ua, resolution: _r, ...template } = profileSettings({ kernelVersion: '../../bin' });
    expect(await refusedFields(alice.client.call(profileBatchCreateCall, { template, count: 2 }))).toEqual(['template.kernelVersion validation.kernel']);
    expect(await refusedFields(alice.client.call(fingerprintGenerateCall, { os: 'windows', kernelVersion: '../../bin' }))).toEqual(['kernelVersion validation.kernel']);
    expect((await alice.client.call(profileListCall, {})).total).toBe(0);
  });

  it('a pasted proxy line with a host that is no host name is refused by its line', async () => {
    const alice = await signedIn(server);
    const bad = await refusal(alice.client.call(savedProxyAddCall, { lines: '10.0.0.1:8000\na b:8080\n' }), Code.PROXY_LINE_INVALID);
    expect(bad.data).toMatchObject({ line: 2 });
  });
});

describe('no input answers with a 500', () => {
  it('a NUL in any text is refused naming the field (PostgreSQL cannot store one: it was a 500 there)', async () => {
    const alice = await signedIn(server);
    const [id] = (await createProfiles(alice.client, 1)) as [string];
    const { profile } = await alice.client.call(profileDetailCall, { id });
    // What the local API's launch_args become: the profile's command line.
    const withNul = settingsOf(profile, { fingerprint: { ...profile.fingerprint, commandLine: '--lang=en\u0000--x' } });
    expect(await refusedFields(alice.client.call(profileUpdateCall, { id, settings: withNul }))).toEqual(['settings.fingerprint.commandLine validation.invalid']);
    expect(await refusedFields(alice.client.call(profileCreateCall, { settings: profileSettings({ name: 'Shop\u0000one' }) }))).toEqual(['settings.name validation.invalid']);
    expect((await alice.client.call(profileDetailCall, { id })).profile).toEqual(profile);
    expect((await alice.client.call(profileListCall, {})).total).toBe(1);
  });

  it('a session cookie that is no percent-encoding reads as no session (886)', async () => {
    const withCookie: typeof fetch = (input, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('cookie', 'facet_session=%FF; facet_refresh=%E0%A4%A');
      return fetch(input, { ...init, headers });
    };
    const client = server.client({ fetch: withCookie, cookieSession: 'cookie' });
    await refusal(client.call(memberCall, {}), Code.SESSION_EXPIRED);
    // The raw request too, as a browser sends it: an answer with a code, no 500.
    const raw = await withCookie(`${server.baseUrl}/v2/web/${memberCall.path}`, { method: 'POST', headers: { 'content-type': 'application/json', [SESSION_MODE_HEADER]: 'cookie' }, body: '{}' });
    expect(raw.status).toBeLessThan(500);
  });

  it('a sync key copied from another profile does not open: the profile starts with a key of its own', async () => {
    const alice = await signedIn(server);
    const [first, second] = (await createProfiles(alice.client, 2)) as [string, string];
    const device = newDevice();
    const firstKey = device.open((await alice.client.call(profileLaunchCall, { id: first, deviceKey: device.publicKey })).sealed, first).syncKey;
    const { sync_key } = await db().selectFrom('profiles').select('sync_key').where('id', '=', first).executeTakeFirstOrThrow();
    await db().updateTable('profiles').set({ sync_key }).where('id', '=', second).execute();

    const secondKey = device.open((await alice.client.call(profileLaunchCall, { id: second, deviceKey: device.publicKey })).sealed, second).syncKey;
    expect(secondKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secondKey).not.toBe(firstKey);
    // The new key is kept: the next start gets the same one, and the first profile keeps its own.
    expect(device.open((await alice.client.call(profileLaunchCall, { id: second, deviceKey: device.publicKey })).sealed, second).syncKey).toBe(secondKey);
    expect(device.open((await alice.client.call(profileLaunchCall, { id: first, deviceKey: device.publicKey })).sealed, first).syncKey).toBe(firstKey);
  });

  it('a sync key sealed with a key version this server does not hold is kept: the start is refused (1507), nothing taken', async () => {
    const alice = await signedIn(server);
    const [id] = (await createProfiles(alice.client, 1)) as [string];
    const device = newDevice();
    const key = device.open((await alice.client.call(profileLaunchCall, { id, deviceKey: device.publicKey })).sealed, id).syncKey;
    await alice.client.call(profileLeaseReleaseCall, { id, deviceKey: device.publicKey });
    const { sync_key } = await db().selectFrom('profiles').select('sync_key').where('id', '=', id).executeTakeFirstOrThrow();
    // As after keys rotated on another instance: a version this one has not loaded.
    const later = sync_key!.replace(/^v2:\d+:/, 'v2:99:');
    await db().updateTable('profiles').set({ sync_key: later }).where('id', '=', id).execute();

    await refusal(alice.client.call(profileLaunchCall, { id, deviceKey: device.publicKey }), Code.SYNC_KEY_UNREADABLE);
    // Kept (replacing it would lose the saved state for good), and no lease was taken.
    expect((await db().selectFrom('profiles').select('sync_key').where('id', '=', id).executeTakeFirstOrThrow()).sync_key).toBe(later);
    expect((await alice.client.call(profileListCall, { page: 1, limit: 20 })).list.find((p) => p.id === id)?.runningOn).toBeNull();
    // Once readable again, the same key comes back.
    await db().updateTable('profiles').set({ sync_key }).where('id', '=', id).execute();
    expect(device.open((await alice.client.call(profileLaunchCall, { id, deviceKey: device.publicKey })).sealed, id).syncKey).toBe(key);
  });
});

describe('rows stored before the rules', () => {
  it('read as the nearest values the rules take, so the profile opens, and a save keeps them', async () => {
    const alice = await signedIn(server);
    const [id] = (await createProfiles(alice.client, 1, { proxy: { type: 'http', host: '10.0.0.1', port: 8000 } })) as [string];
    const row = await db().selectFrom('profiles').select('settings').where('id', '=', id).executeTakeFirstOrThrow();
    const stored = JSON.parse(row.settings) as Record<string, unknown> & { fingerprint: Record<string, unknown> & { remoteDebug: Record<string, unknown> } };
    const garbage = {
      ...stored,
      resolution: '99999x99999',
      kernelVersion: '../../bin',
      timezone: '../../etc/passwd',
      language: 'en-US\r\nX-Evil: 1',
      fingerprint: { ...stored.fingerprint, remoteDebug: { ...stored.fingerprint.remoteDebug, port: 22 }, commandLine: '--lang=en\u0007' },
    };
    await db().updateTable('profiles').set({ settings: JSON.stringify(garbage), proxy_host: 'a b' }).where('id', '=', id).execute();

    const { profile } = await alice.client.call(profileDetailCall, { id });
    expect(profile).toMatchObject({ resolution: '7680x4320', kernelVersion: '156', timezone: '', language: '', proxy: { type: 'http', host: UNUSABLE_PROXY_HOST } });
    expect(profile.fingerprint.remoteDebug.port).toBe(0);
    expect(profile.fingerprint.commandLine).toBe('--lang=en');
    // The form sends back what it read: accepted as it is.
    await alice.client.call(profileUpdateCall, { id, settings: settingsOf(profile) });
  });

  it('a saved proxy with a host the rule refuses reads as one that never resolves', async () => {
    const alice = await signedIn(server);
    const { ids } = await alice.client.call(savedProxyAddCall, { lines: '10.0.0.1:8000:u1:p1' });
    await db().updateTable('saved_proxies').set({ host: 'a b' }).where('id', '=', ids[0]!).execute();
    expect((await alice.client.call(savedProxyDetailCall, { id: ids[0]! })).proxy).toMatchObject({ host: UNUSABLE_PROXY_HOST, port: 8000, username: 'u1' });
  });
});
