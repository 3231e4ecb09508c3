import {
  Code,
  apiProfileDetailCall,
  apiProfileLaunchCall,
  apiSharedListCall,
  groupCreateCall,
  operationLogListCall,
  profileDetailCall,
  profileExportCall,
  profileLaunchCall,
  profileLeaseReleaseCall,
  profileListCall,
  profileMoveGroupCall,
  profileShareCall,
  profileUnshareCall,
  savedProxyAddCall,
  savedProxyAssignCall,
  savedProxyDetailCall,
  savedProxyListCall,
  shareMembersCall,
  sharedListCall,
  subAccountCreateCall,
  memberCall,
  type LaunchSecrets,
} from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '../src/config.ts';
import { isPublicAddress } from '../src/relay/upstreamProxy.ts';
import { LEASE_TTL_MS } from '../src/services/leaseService.ts';
import { createProfiles, logIn, refusal, signedIn } from './flows.ts';
import { newPerson, startTestServer, type TestServer } from './harness.ts';
import { newDevice } from './support/deviceKeys.ts';
import { getThroughProxy, getThroughTunnel, openTunnel, startSite, startUpstreamProxy } from './support/relayPeers.ts';

const OWNER_USER = 'owner-proxy-user';
const OWNER_SECRET = 'owner-proxy-secret';
const cookie = { domain: '.shop.example', name: 'sid', value: 'team-session', path: '/', httpOnly: true, secure: true, sameSite: 'lax' as const };

let server: TestServer;
let site: Awaited<ReturnType<typeof startSite>>;
let upstream: Awaited<ReturnType<typeof startUpstreamProxy>>;
beforeAll(async () => {
  // The owner's proxy runs on loopback here, which the relay refuses unless told otherwise.
  [server, site, upstream] = await Promise.all([startTestServer({ FACET_RELAY_PRIVATE_UPSTREAMS: '1' }), startSite(), startUpstreamProxy(OWNER_USER, OWNER_SECRET)]);
});
afterAll(async () => {
  await Promise.all([server?.close(), site?.close(), upstream?.close()]);
});

const ownerProxy = () => ({ type: 'http' as const, host: '127.0.0.1', port: upstream.port, username: OWNER_USER, password: OWNER_SECRET });

async function sharedProfile(permission: 'run' | 'edit' = 'run') {
  const owner = await signedIn(server);
  const [id] = (await createProfiles(owner.client, 1, { name: 'Team shop', proxy: ownerProxy(), cookies: [cookie] })) as [string];
  const recipient = await signedIn(server);
  await owner.client.call(profileShareCall, { mode: 'accounts', ids: [id], accounts: [recipient.username], permission });
  return { owner, recipient, id };
}

/** A recipient's start: the launch answer and what its own device key opens of it. */
async function launchAs(client: Awaited<ReturnType<typeof signedIn>>['client'], id: string) {
  const device = newDevice();
  const answer = await client.call(profileLaunchCall, { id, deviceKey: device.publicKey });
  const secrets: LaunchSecrets = device.open(answer.sealed, id);
  return { device, answer, secrets, credential: { username: secrets.proxyUsername, password: secrets.proxyPassword } };
}

const page = () => `http://${site.host}/page`;

describe('the proxy relay: a run-only recipient never holds the owner\'s proxy account', () => {
  it('no call gives a run-only recipient (by share or group grant) the owner\'s proxy credentials', async () => {
    const owner = await signedIn(server);
    const { group } = await owner.client.call(groupCreateCall, { name: 'Shops' });
    const { ids: saved } = await owner.client.call(savedProxyAddCall, { lines: `http://${OWNER_USER}:${OWNER_SECRET}@127.0.0.1:${upstream.port}` });
    const [id] = (await createProfiles(owner.client, 1, { name: 'Team shop', cookies: [cookie] })) as [string];
    await owner.client.call(savedProxyAssignCall, { id: saved[0]!, profileIds: [id] });
    await owner.client.call(profileMoveGroupCall, { ids: [id], groupId: group.id });
    const runner = await signedIn(server);
    await owner.client.call(profileShareCall, { mode: 'accounts', ids: [id], accounts: [runner.username] });
    const subName = newPerson('r').username;
    await owner.client.call(subAccountCreateCall, { username: subName, password: 'sub password 1', groupGrants: [{ groupId: group.id, permission: 'run' }] });
    const sub = await logIn(server, subName, 'sub password 1');
    const runnerAccount = await server.facet.services.repositories.accounts.findByEmail(runner.email);
    const runnerApi = server.client({ apiToken: await server.facet.services.apiTokens.issue(runnerAccount!) });

    // Everything each recipient can ask about the profile, answers and refusals alike, and what
    // its own device key opens of each launch.
    const seen: string[] = [];
    const probe = async (what: string, call: Promise<unknown>) => {
      try {
        seen.push(`${what}: ${JSON.stringify(await call)}`);
      } catch (error) {
        seen.push(`${what} refused: ${JSON.stringify(error)}`);
      }
    };
    for (const [who, client] of [['share', runner.client], ['group grant', sub.client]] as const) {
      await probe(`${who} detail`, client.call(profileDetailCall, { id }));
      await probe(`${who} shared list`, client.call(sharedListCall, {}));
      await probe(`${who} own list`, client.call(profileListCall, {}));
      await probe(`${who} export`, client.call(profileExportCall, { ids: [id] }));
      await probe(`${who} saved proxies`, client.call(savedProxyListCall, {}));
      await probe(`${who} owner's saved proxy`, client.call(savedProxyDetailCall, { id: saved[0]! }));
      await probe(`${who} share members`, client.call(shareMembersCall, { ids: [id] }));
      await probe(`${who} operation log`, client.call(operationLogListCall, {}));
      const launch = await launchAs(client, id);
      seen.push(`${who} launch: ${JSON.stringify(launch.answer)}`, `${who} launch opened: ${JSON.stringify(launch.secrets)}`);
      await client.call(profileLeaseReleaseCall, { id, deviceKey: launch.device.publicKey });
    }
    // The API token's twins, which the agent's local API and scripts use.
    await probe('api detail', runnerApi.call(apiProfileDetailCall, { id }));
    await probe('api shared list', runnerApi.call(apiSharedListCall, {}));
    const device = newDevice();
    const apiLaunch = await runnerApi.call(apiProfileLaunchCall, { id, deviceKey: device.publicKey });
    seen.push(`api launch: ${JSON.stringify(apiLaunch)}`, `api launch opened: ${JSON.stringify(device.open(apiLaunch.sealed, id))}`);

    expect(seen.length).toBe(24);
    expect(seen.filter((answer) => answer.includes(OWNER_SECRET) || answer.includes(OWNER_USER))).toEqual([]);
    // …while what a recipient needs still reaches it: the team's cookies and the state key.
    expect(device.open(apiLaunch.sealed, id)).toMatchObject({ cookies: [cookie], syncKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  });

  it('carries a recipient\'s pages through the owner\'s proxy with a credential for that start', async () => {
    const { recipient, id } = await sharedProfile();
    const { answer, credential } = await launchAs(recipient.client, id);
    const relayPort = answer.profile.proxy.port;
    expect(answer.profile.proxy).toMatchObject({ type: 'http', host: '127.0.0.1', username: '', password: '', direct: false });
    expect(relayPort).not.toBe(upstream.port);
    expect(credential.password).not.toBe('');
    // Within what a proxy password may be anywhere it is kept (contracts: proxySchema).
    expect(credential.password.length).toBeLessThanOrEqual(255);

    const before = upstream.seen.length;
    expect(await getThroughProxy(relayPort, page(), credential)).toEqual({ status: 200, body: 'site saw /page' });
    expect(await getThroughTunnel(relayPort, site.host, credential)).toEqual({ status: 200, body: 'site saw /tunnelled' });
    // Through the owner's proxy, with the owner's account (it answers 407 to anything else).
    expect(upstream.seen.slice(before)).toEqual([site.host, site.host]);
  });

  it('refuses (407) no credential, a wrong one, one altered, and one made for another profile', async () => {
    const a = await sharedProfile();
    const b = await sharedProfile();
    const { answer, credential } = await launchAs(a.recipient.client, a.id);
    const { credential: other } = await launchAs(b.recipient.client, b.id);
    const relayPort = answer.profile.proxy.port;
    const before = upstream.seen.length;
    expect((await getThroughProxy(relayPort, page(), null)).status).toBe(407);
    expect((await getThroughProxy(relayPort, page(), { username: a.id, password: 'guess' })).status).toBe(407);
    expect((await getThroughProxy(relayPort, page(), { username: a.id, password: `${credential.password.slice(0, -2)}AA` })).status).toBe(407);
    expect((await getThroughProxy(relayPort, page(), { username: a.id, password: other.password })).status).toBe(407);
    // The owner's own account is not one the relay takes either: it is no way to the upstream.
    expect((await getThroughProxy(relayPort, page(), { username: OWNER_USER, password: OWNER_SECRET })).status).toBe(407);
    expect((await getThroughTunnel(relayPort, site.host, null)).status).toBe(407);
    expect(upstream.seen.length).toBe(before);
    expect((await getThroughProxy(relayPort, page(), credential)).status).toBe(200);
  });

  it('a credential is spent when its start ends: the lease released, lapsed, or another start taken', async () => {
    const { recipient, id } = await sharedProfile();
    const first = await launchAs(recipient.client, id);
    const relayPort = first.answer.profile.proxy.port;
    expect((await getThroughTunnel(relayPort, site.host, first.credential)).status).toBe(200);
    await recipient.client.call(profileLeaseReleaseCall, { id, deviceKey: first.device.publicKey });
    expect((await getThroughTunnel(relayPort, site.host, first.credential)).status).toBe(407);
    expect((await getThroughProxy(relayPort, page(), first.credential)).status).toBe(407);

    // The next start, on the same machine: its own credential works, the first stays spent.
    const again = await recipient.client.call(profileLaunchCall, { id, deviceKey: first.device.publicKey });
    const second = first.device.open(again.sealed, id);
    expect(second.proxyPassword).not.toBe(first.credential.password);
    expect((await getThroughProxy(relayPort, page(), { username: second.proxyUsername, password: second.proxyPassword })).status).toBe(200);
    expect((await getThroughProxy(relayPort, page(), first.credential)).status).toBe(407);

    // A machine that stopped renewing: its lease lapses, and its credential with it.
    server.clock.advance(LEASE_TTL_MS / 1000 + 1);
    expect((await getThroughProxy(relayPort, page(), { username: second.proxyUsername, password: second.proxyPassword })).status).toBe(407);
  });

  it('a credential stops working once the share is revoked, while the browser still holds the lease', async () => {
    const { owner, recipient, id } = await sharedProfile();
    const { answer, credential } = await launchAs(recipient.client, id);
    const relayPort = answer.profile.proxy.port;
    expect((await getThroughProxy(relayPort, page(), credential)).status).toBe(200);
    const recipientId = (await recipient.client.call(memberCall, {})).member.id;
    await owner.client.call(profileUnshareCall, { ids: [id], accountIds: [recipientId] });
    expect((await getThroughProxy(relayPort, page(), credential)).status).toBe(407);
    expect((await getThroughTunnel(relayPort, site.host, credential)).status).toBe(407);
  });

  it('closes a tunnel left open once its start ends or its share is revoked, at the next sweep', async () => {
    const { owner, recipient, id } = await sharedProfile();
    const { answer, credential } = await launchAs(recipient.client, id);
    const tunnel = await openTunnel(answer.profile.proxy.port, site.host, credential);
    expect(await tunnel.ask('/open')).toMatch(/site saw \/open$/);
    // Standing: a sweep leaves it open and it still carries requests.
    expect(await server.facet.relay!.sweep()).toBe(0);
    expect(await tunnel.ask('/still')).toMatch(/site saw \/still$/);

    const recipientId = (await recipient.client.call(memberCall, {})).member.id;
    await owner.client.call(profileUnshareCall, { ids: [id], accountIds: [recipientId] });
    // Checked when it began, the tunnel would carry the revoked recipient's pages for hours.
    expect(await server.facet.relay!.sweep()).toBe(1);
    await tunnel.closed;
  });

  it('owners and recipients who may edit keep getting the proxy itself; a proxy without an account is not relayed', async () => {
    const { owner, recipient, id } = await sharedProfile('edit');
    const own = await launchAs(owner.client, id);
    expect(own.answer.profile.proxy).toMatchObject({ host: '127.0.0.1', port: upstream.port });
    expect(own.credential).toEqual({ username: OWNER_USER, password: OWNER_SECRET });
    await owner.client.call(profileLeaseReleaseCall, { id, deviceKey: own.device.publicKey });
    const editor = await launchAs(recipient.client, id);
    expect(editor.credential).toEqual({ username: OWNER_USER, password: OWNER_SECRET });

    const plain = await signedIn(server);
    const [open] = (await createProfiles(plain.client, 1, { proxy: { type: 'http', host: '127.0.0.1', port: upstream.port } })) as [string];
    const runner = await signedIn(server);
    await plain.client.call(profileShareCall, { mode: 'accounts', ids: [open], accounts: [runner.username] });
    const run = await launchAs(runner.client, open);
    expect(run.answer.profile.proxy).toMatchObject({ host: '127.0.0.1', port: upstream.port });
    expect(run.credential).toEqual({ username: '', password: '' });
  });
});

describe('the proxy relay\'s limits', () => {
  it('with the relay off, a run-only recipient of a profile whose proxy has an account is refused, and nothing is taken', async () => {
    const off = await startTestServer({ FACET_RELAY_PORT: 'off' });
    try {
      const owner = await signedIn(off);
      const [id] = (await createProfiles(owner.client, 1, { proxy: ownerProxy() })) as [string];
      const recipient = await signedIn(off);
      await owner.client.call(profileShareCall, { mode: 'accounts', ids: [id], accounts: [recipient.username] });
      await refusal(recipient.client.call(profileLaunchCall, { id, deviceKey: newDevice().publicKey }), Code.PROXY_RELAY_OFF);
      // No lease was taken: the owner opens it at once.
      const own = await owner.client.call(profileLaunchCall, { id, deviceKey: newDevice().publicKey });
      expect(own.lease.by).toBe(owner.username);
    } finally {
      await off.close();
    }
  });

  it('does not connect to an owner\'s proxy on a private or loopback address unless the operator allows it (502)', async () => {
    const strict = await startTestServer();
    try {
      const owner = await signedIn(strict);
      const [id] = (await createProfiles(owner.client, 1, { proxy: ownerProxy() })) as [string];
      const recipient = await signedIn(strict);
      await owner.client.call(profileShareCall, { mode: 'accounts', ids: [id], accounts: [recipient.username] });
      const device = newDevice();
      const answer = await recipient.client.call(profileLaunchCall, { id, deviceKey: device.publicKey });
      const secrets = device.open(answer.sealed, id);
      const before = upstream.seen.length;
      expect((await getThroughProxy(answer.profile.proxy.port, page(), { username: secrets.proxyUsername, password: secrets.proxyPassword })).status).toBe(502);
      expect(upstream.seen.length).toBe(before);
    } finally {
      await strict.close();
    }
  });

  it('is on by default beside the server, off with FACET_RELAY_PORT=off, and a bad port stops the start', () => {
    expect(loadServerConfig({}).relay).toEqual({ port: 8482, bind: '127.0.0.1', publicHost: null, privateUpstreams: false });
    expect(loadServerConfig({ FACET_RELAY_PORT: 'off' }).relay).toBeNull();
    expect(loadServerConfig({ FACET_SERVER_HOST: '0.0.0.0', FACET_PUBLIC_URL: 'https://facet.example.com/' }).relay).toMatchObject({ bind: '0.0.0.0', publicHost: 'facet.example.com' });
    expect(loadServerConfig({ FACET_PUBLIC_URL: 'https://facet.example.com', FACET_RELAY_PUBLIC_HOST: 'relay.example.com', FACET_RELAY_BIND: '10.0.0.5' }).relay).toMatchObject({ bind: '10.0.0.5', publicHost: 'relay.example.com' });
    for (const bad of ['on', '-1', '70000', '8482.5']) expect(() => loadServerConfig({ FACET_RELAY_PORT: bad }), bad).toThrow(/FACET_RELAY_PORT/);
  });

  it('tells public addresses from this machine\'s, private, link-local and non-unicast ones, IPv4 inside IPv6 judged as itself', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::808:808', '2002:808:808::1']) expect(isPublicAddress(address), address).toBe(true);
    // NAT64 (64:ff9b::/96), 6to4 (2002::/16) and the mapped form in hex reach the IPv4 address they carry.
    const embedded = ['::ffff:7f00:1', '64:ff9b::7f00:1', '64:ff9b::10.0.0.1', '2002:7f00:1::1', '2002:a9fe:a9fe::', '::127.0.0.1', '2001:0:4136:e378::1', '64:ff9b:1::1', '2001:db8::1', '100::1'];
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', 'ff02::1', '::ffff:127.0.0.1', ...embedded, 'not an address']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
