import { randomBytes } from 'node:crypto';
import type { ApiClient } from '@facet/api-client';
import {
  Code,
  SYNC_CHUNKS_PREFIX,
  decodeChunkFrames,
  encodeChunkFrames,
  profileDeleteCall,
  profileLaunchCall,
  profileCookiesCall,
  profileLeaseBeatCall,
  profileLeaseReleaseCall,
  profileLeaseRenewCall,
  profileListCall,
  profileShareCall,
  profileSyncCommitCall,
  profileSyncMissingCall,
  profileSyncRestoreCall,
  profileSyncVersionsCall,
  profileTransferCall,
  profileUnshareCall,
  recyclePurgeCall,
  shareMembersCall,
  sharedListCall,
  syncLimits,
} from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfiles, refusal, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { newDevice } from './support/deviceKeys.ts';

const tokenOf = (client: ApiClient) => client.credentials.load()!.auth;

/** Chunks as an agent would send them; the server cannot read them, so any bytes do. */
function someChunks(count: number, size = 2048) {
  return Array.from({ length: count }, () => ({ id: randomBytes(32).toString('hex'), bytes: randomBytes(size) }));
}

describe('profiles across machines: the lease and the state sync', () => {
  let server: TestServer;
  const put = (client: ApiClient, profileId: string, deviceKey: string, chunks: { id: string; bytes: Uint8Array }[]) =>
    fetch(`${server.baseUrl}${SYNC_CHUNKS_PREFIX}${profileId}/chunks`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${tokenOf(client)}`, 'content-type': 'application/octet-stream', 'x-facet-device-key': deviceKey },
      body: encodeChunkFrames(chunks),
    });
  const read = (client: ApiClient, profileId: string, ids: string[]) =>
    fetch(`${server.baseUrl}${SYNC_CHUNKS_PREFIX}${profileId}/chunks/read`, { method: 'POST', headers: { authorization: `Bearer ${tokenOf(client)}`, 'content-type': 'application/json' }, body: JSON.stringify({ ids }) });

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  /** An owner's profile shared to run with another account, and two computers' device keys. */
  const sharedProfileOnTwoDevices = async () => {
    const owner = await signedIn(server);
    const runner = await signedIn(server);
    const [id] = await createProfiles(owner.client, 1);
    await owner.client.call(profileShareCall, { mode: 'accounts', ids: [id!], accounts: [runner.username], permission: 'run' });
    return { owner, runner, id, laptop: newDevice(), desktop: newDevice() };
  };

  it('one machine runs a profile at a time: the second is told where and since when, until the first releases or lapses', async () => {
    const { owner, runner, id, laptop, desktop } = await sharedProfileOnTwoDevices();

    const first = await owner.client.call(profileLaunchCall, { id: id!, deviceKey: laptop.publicKey, deviceName: 'Office laptop' });
    expect(first.lease).toMatchObject({ device: 'Office laptop', by: owner.username });
    expect(first.syncHead).toBeNull();
    // The team sees it running there, in both lists.
    expect((await owner.client.call(profileListCall, {})).list[0]!.runningOn).toMatchObject({ device: 'Office laptop', by: owner.username, since: first.lease.since });
    expect((await runner.client.call(sharedListCall, {})).list[0]!.runningOn).toMatchObject({ device: 'Office laptop' });

    const refused = await refusal(runner.client.call(profileLaunchCall, { id: id!, deviceKey: desktop.publicKey, deviceName: 'Home desktop' }), Code.PROFILE_OPEN_ELSEWHERE);
    expect(refused.data).toMatchObject({ device: 'Office laptop', by: owner.username, since: first.lease.since });
    expect(refused.msg).toContain('Office laptop');
    // The holder asking again (an agent restarted) keeps its lease and its start time.
    server.clock.advance(30);
    const again = await owner.client.call(profileLaunchCall, { id: id!, deviceKey: laptop.publicKey, deviceName: 'Office laptop' });
    expect(again.lease.since).toBe(first.lease.since);
    expect(again.lease.expiresAt).toBeGreaterThan(first.lease.expiresAt);

    // Only the holder renews; a release by anyone else frees nothing.
    await refusal(runner.client.call(profileLeaseRenewCall, { id: id!, deviceKey: desktop.publicKey }), Code.LEASE_NOT_HELD);
    expect(await runner.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: desktop.publicKey })).toEqual({ released: false });
    expect((await owner.client.call(profileLeaseRenewCall, { id: id!, deviceKey: laptop.publicKey })).expiresAt).toBeGreaterThan(again.lease.expiresAt - 1);
    expect(await owner.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: laptop.publicKey })).toEqual({ released: true });
    expect((await owner.client.call(profileListCall, {})).list[0]!.runningOn).toBeNull();

    // Released: the other machine opens it at once.
    const second = await runner.client.call(profileLaunchCall, { id: id!, deviceKey: desktop.publicKey, deviceName: 'Home desktop' });
    expect(second.lease).toMatchObject({ device: 'Home desktop', by: runner.username });
    await refusal(owner.client.call(profileLaunchCall, { id: id!, deviceKey: laptop.publicKey }), Code.PROFILE_OPEN_ELSEWHERE);
    // A machine that stops answering frees the profile when its lease lapses (two minutes).
    server.clock.advance(121);
    expect((await owner.client.call(profileListCall, {})).list[0]!.runningOn).toBeNull();
    const takeover = await owner.client.call(profileLaunchCall, { id: id!, deviceKey: laptop.publicKey, deviceName: 'Office laptop' });
    expect(takeover.lease.device).toBe('Office laptop');
    // The machine that lost it learns so at its next heartbeat, and is told who holds it now.
    const lost = await refusal(runner.client.call(profileLeaseRenewCall, { id: id!, deviceKey: desktop.publicKey }), Code.LEASE_NOT_HELD);
    expect(lost.data).toMatchObject({ lease: { device: 'Office laptop' } });
  });

  it('a beat renews what a machine may still run, ends what was taken away, and names no one else\'s lease to a stranger', async () => {
    const { owner, runner, id, laptop, desktop } = await sharedProfileOnTwoDevices();
    const stranger = await signedIn(server);
    const launch = await runner.client.call(profileLaunchCall, { id: id!, deviceKey: desktop.publicKey, deviceName: 'Desktop' });
    const [beat] = (await runner.client.call(profileLeaseBeatCall, { ids: [id!], deviceKey: desktop.publicKey })).leases;
    expect(beat).toMatchObject({ id, state: 'held', holder: null, reason: null });
    expect(beat!.expiresAt).toBeGreaterThanOrEqual(launch.lease.expiresAt);
    // Another machine of the owner, and a stranger naming the id: neither holds it; only the owner learns where it runs.
    expect((await owner.client.call(profileLeaseBeatCall, { ids: [id!], deviceKey: laptop.publicKey })).leases[0]).toMatchObject({ state: 'lost', holder: { device: 'Desktop', by: runner.username } });
    expect((await stranger.client.call(profileLeaseBeatCall, { ids: [id!], deviceKey: laptop.publicKey })).leases[0]).toEqual({ id, state: 'lost', expiresAt: null, holder: null, reason: null });

    // The owner revokes the share: the lease ends at once, and lives at most one more minute for the last save.
    const [member] = (await owner.client.call(shareMembersCall, { ids: [id!] })).list;
    await owner.client.call(profileUnshareCall, { ids: [id!], accountIds: [member!.account.id] });
    const revokedBy = server.clock.now();
    expect((await owner.client.call(profileListCall, {})).list.find((p) => p.id === id)!.runningOn!.expiresAt).toBeLessThanOrEqual(revokedBy + 60_000);
    const [ended] = (await runner.client.call(profileLeaseBeatCall, { ids: [id!], deviceKey: desktop.publicKey })).leases;
    expect(ended).toMatchObject({ state: 'ended', reason: 'accessEnded' });
    expect((await refusal(runner.client.call(profileLeaseRenewCall, { id: id!, deviceKey: desktop.publicKey }), Code.PROFILE_ACCESS_ENDED)).data).toEqual({ reason: 'accessEnded' });

    // What the browser held still reaches the owner: its cookies (with the launch's grant) and its state.
    const cookie = { name: 'cart', value: '3', domain: '.shop.example', path: '/', secure: true, httpOnly: false, sameSite: 'lax' as const, expirationDate: 2_000_000_000 };
    await refusal(runner.client.call(profileCookiesCall, { id: id!, cookies: [cookie] }), Code.SHARED_ACCESS_TOO_LOW);
    expect(await runner.client.call(profileCookiesCall, { id: id!, cookies: [cookie], grant: launch.grant })).toEqual({ saved: 1 });
    const chunks = someChunks(2);
    expect((await put(runner.client, id!, desktop.publicKey, chunks)).status).toBe(200);
    const { version } = await runner.client.call(profileSyncCommitCall, { id: id!, deviceKey: desktop.publicKey, baseVersionId: null, manifestChunk: chunks[0]!.id, chunks: [chunks[1]!.id], files: 1, parts: ['site'], plainBytes: 2048 });
    expect(version).toMatchObject({ number: 1, device: 'Desktop', by: runner.username });
    // Nothing else: it sees no versions, and after its release the lease is gone for good.
    await refusal(runner.client.call(profileSyncVersionsCall, { id: id! }), Code.NOT_FOUND);
    expect(await runner.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: desktop.publicKey })).toEqual({ released: true });
    await refusal(runner.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: desktop.publicKey }), Code.NOT_FOUND);
    const late = await put(runner.client, id!, desktop.publicKey, someChunks(1));
    expect(((await late.json()) as { code: number }).code).toBe(Code.NOT_FOUND);
    // The owner opens it at once, with the recipient's last save.
    expect((await owner.client.call(profileLaunchCall, { id: id!, deviceKey: laptop.publicKey, deviceName: 'Laptop' })).syncHead).toMatchObject({ id: version.id });
    await owner.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: laptop.publicKey });
  });

  it('a recipient whose access ended and whose machine never beats again frees the profile after the last-save minute', async () => {
    const { owner, runner, id, laptop, desktop } = await sharedProfileOnTwoDevices();
    await runner.client.call(profileLaunchCall, { id: id!, deviceKey: desktop.publicKey, deviceName: 'Desktop' });
    const [member] = (await owner.client.call(shareMembersCall, { ids: [id!] })).list;
    await owner.client.call(profileUnshareCall, { ids: [id!], accountIds: [member!.account.id] });
    await refusal(owner.client.call(profileLaunchCall, { id: id!, deviceKey: laptop.publicKey, deviceName: 'Laptop' }), Code.PROFILE_OPEN_ELSEWHERE);
    server.clock.advance(61);
    expect((await owner.client.call(profileLaunchCall, { id: id!, deviceKey: laptop.publicKey, deviceName: 'Laptop' })).lease.device).toBe('Laptop');
    await owner.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: laptop.publicKey });
  });

  it('saves a version from sealed chunks, answers only what is missing, and gives it to the next machine', async () => {
    const { owner, runner, id, laptop, desktop } = await sharedProfileOnTwoDevices();
    const launch = await owner.client.call(profileLaunchCall, { id: id!, deviceKey: laptop.publicKey, deviceName: 'Laptop' });
    const key = laptop.open(launch.sealed, id!).syncKey;
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);

    const chunks = someChunks(5);
    const [manifest, ...data] = chunks;
    const sizes = chunks.map((c) => ({ id: c.id, size: c.bytes.length }));
    expect((await owner.client.call(profileSyncMissingCall, { id: id!, deviceKey: laptop.publicKey, chunks: sizes })).missing.sort()).toEqual(chunks.map((c) => c.id).sort());
    // Another machine cannot upload while this one holds the lease.
    const foreign = await put(runner.client, id!, desktop.publicKey, chunks);
    expect(foreign.status).toBe(409);
    expect(((await foreign.json()) as { code: number }).code).toBe(Code.LEASE_NOT_HELD);
    expect((await put(owner.client, id!, laptop.publicKey, chunks.slice(0, 3))).status).toBe(200);
    expect((await owner.client.call(profileSyncMissingCall, { id: id!, deviceKey: laptop.publicKey, chunks: sizes })).missing.sort()).toEqual(chunks.slice(3).map((c) => c.id).sort());
    // A commit naming chunks the server lacks stores nothing.
    const commit = { id: id!, deviceKey: laptop.publicKey, baseVersionId: null, manifestChunk: manifest!.id, chunks: data.map((c) => c.id), files: 4, parts: ['site' as const, 'history' as const], plainBytes: 4 * 2048 };
    expect((await refusal(owner.client.call(profileSyncCommitCall, commit), Code.SYNC_CHUNKS_MISSING)).data).toEqual({ count: 2 });
    expect((await put(owner.client, id!, laptop.publicKey, chunks.slice(3))).status).toBe(200);
    const { version, conflictWith } = await owner.client.call(profileSyncCommitCall, commit);
    expect(version).toMatchObject({ number: 1, device: 'Laptop', by: owner.username, parts: ['site', 'history'], manifestChunk: manifest!.id, head: true, baseNumber: null, conflictWith: null });
    expect(conflictWith).toBeNull();
    await owner.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: laptop.publicKey });

    // The next machine (a team member who may only run it) gets the same key and the version, and reads the chunks back.
    const next = await runner.client.call(profileLaunchCall, { id: id!, deviceKey: desktop.publicKey, deviceName: 'Desktop' });
    expect(desktop.open(next.sealed, id!).syncKey).toBe(key);
    expect(next.syncHead).toMatchObject({ id: version.id, number: 1 });
    const answer = await read(runner.client, id!, chunks.map((c) => c.id));
    expect(answer.status).toBe(200);
    const frames = decodeChunkFrames(new Uint8Array(await answer.arrayBuffer()), syncLimits.maxSealedChunkBytes)!;
    expect(frames.map((f) => [f.id, Buffer.from(f.bytes).toString('hex')])).toEqual(chunks.map((c) => [c.id, c.bytes.toString('hex')]));
    // Nobody else reads them, and no chunk of another profile is served under this one.
    const stranger = await signedIn(server);
    expect((await read(stranger.client, id!, [manifest!.id])).status).toBe(404);
    const [other] = await createProfiles(owner.client, 1);
    expect((await read(owner.client, other!, [manifest!.id])).status).toBe(404);
    // Bad bodies change nothing: truncated frames, no device key.
    const truncated = encodeChunkFrames(someChunks(1)).subarray(0, 100);
    const cut = await fetch(`${server.baseUrl}${SYNC_CHUNKS_PREFIX}${id}/chunks`, { method: 'PUT', headers: { authorization: `Bearer ${tokenOf(runner.client)}`, 'content-type': 'application/octet-stream', 'x-facet-device-key': desktop.publicKey }, body: truncated });
    expect(cut.status).toBe(400);
    const noKey = await fetch(`${server.baseUrl}${SYNC_CHUNKS_PREFIX}${id}/chunks`, { method: 'PUT', headers: { authorization: `Bearer ${tokenOf(runner.client)}`, 'content-type': 'application/octet-stream' }, body: encodeChunkFrames(someChunks(1)) });
    expect(noKey.status).toBe(400);
  });

  it('keeps both versions when two machines saved from the same one, and restores an older one as a new version', async () => {
    const owner = await signedIn(server);
    const [id] = await createProfiles(owner.client, 1);
    const laptop = newDevice();
    const desktop = newDevice();
    const save = async (device: ReturnType<typeof newDevice>, baseVersionId: string | null) => {
      const chunks = someChunks(2);
      expect((await put(owner.client, id!, device.publicKey, chunks)).status).toBe(200);
      return owner.client.call(profileSyncCommitCall, { id: id!, deviceKey: device.publicKey, baseVersionId, manifestChunk: chunks[0]!.id, chunks: chunks.map((c) => c.id), files: 1, parts: ['site'], plainBytes: 4096 });
    };
    await owner.client.call(profileLaunchCall, { id: id!, deviceKey: laptop.publicKey, deviceName: 'Laptop' });
    const v1 = (await save(laptop, null)).version;
    const v2 = (await save(laptop, v1.id)).version;
    expect(v2).toMatchObject({ number: 2, baseNumber: 1, conflictWith: null });
    await owner.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: laptop.publicKey });
    // The desktop last had version 1 (it was offline when the laptop saved 2).
    await owner.client.call(profileLaunchCall, { id: id!, deviceKey: desktop.publicKey, deviceName: 'Desktop' });
    const beside = await save(desktop, v1.id);
    expect(beside.version).toMatchObject({ number: 3, baseNumber: 1, conflictWith: 2, head: true, device: 'Desktop' });
    expect(beside.conflictWith).toMatchObject({ number: 2, device: 'Laptop', head: false });
    const list = (await owner.client.call(profileSyncVersionsCall, { id: id! })).list;
    expect(list.map((v) => [v.number, v.head])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    // Restoring under a running browser would be saved over at its stop: refused until it closes.
    await refusal(owner.client.call(profileSyncRestoreCall, { id: id!, versionId: v2.id }), Code.PROFILE_OPEN_ELSEWHERE);
    await owner.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: desktop.publicKey });
    const restored = (await owner.client.call(profileSyncRestoreCall, { id: id!, versionId: v2.id })).version;
    expect(restored).toMatchObject({ number: 4, restoredFrom: 2, manifestChunk: v2.manifestChunk, head: true });
    expect((await owner.client.call(profileLaunchCall, { id: id!, deviceKey: laptop.publicKey })).syncHead).toMatchObject({ number: 4, manifestChunk: v2.manifestChunk });
    // A recipient who may only run it cannot restore; nor can a stranger see the versions.
    const runner = await signedIn(server);
    await owner.client.call(profileShareCall, { mode: 'accounts', ids: [id!], accounts: [runner.username], permission: 'run' });
    await refusal(runner.client.call(profileSyncRestoreCall, { id: id!, versionId: v1.id }), Code.SHARED_ACCESS_TOO_LOW);
    await refusal((await signedIn(server)).client.call(profileSyncVersionsCall, { id: id! }), Code.NOT_FOUND);
  });

  it('keeps the newest versions and the chunks they use; a purged profile leaves nothing in the store', async () => {
    const owner = await signedIn(server);
    const [id] = await createProfiles(owner.client, 1);
    const device = newDevice();
    await owner.client.call(profileLaunchCall, { id: id!, deviceKey: device.publicKey });
    const shared = someChunks(1);
    let base: string | null = null;
    const firstOnly = someChunks(1);
    for (let n = 0; n < syncLimits.keptVersions + 2; n++) {
      const own = n === 0 ? firstOnly : someChunks(1);
      expect((await put(owner.client, id!, device.publicKey, [...shared, ...own])).status).toBe(200);
      base = (await owner.client.call(profileSyncCommitCall, { id: id!, deviceKey: device.publicKey, baseVersionId: base, manifestChunk: own[0]!.id, chunks: [shared[0]!.id], files: 1, parts: ['site'], plainBytes: 4096 })).version.id;
    }
    const list = (await owner.client.call(profileSyncVersionsCall, { id: id! })).list;
    expect(list).toHaveLength(syncLimits.keptVersions);
    expect(list.at(-1)!.number).toBe(3);
    // Chunks are collected an hour after they were stored (a save may still be uploading them).
    server.clock.advance(3601);
    const more = someChunks(1);
    expect((await put(owner.client, id!, device.publicKey, [...shared, ...more])).status).toBe(200);
    await owner.client.call(profileSyncCommitCall, { id: id!, deviceKey: device.publicKey, baseVersionId: base, manifestChunk: more[0]!.id, chunks: [shared[0]!.id], files: 1, parts: ['site'], plainBytes: 4096 });
    const keys: string[] = [];
    for await (const entry of server.facet.services.blobs.list(`sync/${id}/`)) keys.push(entry.key);
    expect(keys).toContain(`sync/${id}/${shared[0]!.id}`);
    expect(keys).not.toContain(`sync/${id}/${firstOnly[0]!.id}`);
    expect(keys.length).toBe(1 + syncLimits.keptVersions);

    await owner.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: device.publicKey });
    await owner.client.call(profileDeleteCall, { ids: [id!] });
    await owner.client.call(recyclePurgeCall, { ids: [id!] });
    const left: string[] = [];
    for await (const entry of server.facet.services.blobs.list(`sync/${id}/`)) left.push(entry.key);
    expect(left).toEqual([]);
  });

  it('the state key goes with a transferred profile', async () => {
    const owner = await signedIn(server);
    const heir = await signedIn(server);
    const [id] = await createProfiles(owner.client, 1);
    const device = newDevice();
    const before = device.open((await owner.client.call(profileLaunchCall, { id: id!, deviceKey: device.publicKey })).sealed, id!).syncKey;
    await owner.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: device.publicKey });
    await owner.client.call(profileTransferCall, { ids: [id!], account: heir.username, passwd: owner.password });
    const after = device.open((await heir.client.call(profileLaunchCall, { id: id!, deviceKey: device.publicKey })).sealed, id!).syncKey;
    expect(after).toBe(before);
  });
});

describe('profile state and the plan\'s storage', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ FACET_FREE_STORAGE_MB: '1' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses a save past the allowance before storing a byte, saying how much is used and allowed', async () => {
    const owner = await signedIn(server);
    const [id] = await createProfiles(owner.client, 1);
    const device = newDevice();
    await owner.client.call(profileLaunchCall, { id: id!, deviceKey: device.publicKey });
    const big = someChunks(2, 600 * 1024);
    const full = await refusal(owner.client.call(profileSyncMissingCall, { id: id!, deviceKey: device.publicKey, chunks: big.map((c) => ({ id: c.id, size: c.bytes.length })) }), Code.STORAGE_FULL);
    expect(full.data).toMatchObject({ limitBytes: 1024 * 1024, usedBytes: 0 });
    const response = await fetch(`${server.baseUrl}${SYNC_CHUNKS_PREFIX}${id}/chunks`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${tokenOf(owner.client)}`, 'content-type': 'application/octet-stream', 'x-facet-device-key': device.publicKey },
      body: encodeChunkFrames(big),
    });
    expect(((await response.json()) as { code: number }).code).toBe(Code.STORAGE_FULL);
    const keys: string[] = [];
    for await (const entry of server.facet.services.blobs.list(`sync/${id}/`)) keys.push(entry.key);
    expect(keys).toEqual([]);
    // One that fits is stored and counted.
    expect((await fetch(`${server.baseUrl}${SYNC_CHUNKS_PREFIX}${id}/chunks`, { method: 'PUT', headers: { authorization: `Bearer ${tokenOf(owner.client)}`, 'content-type': 'application/octet-stream', 'x-facet-device-key': device.publicKey }, body: encodeChunkFrames(big.slice(0, 1)) })).status).toBe(200);
    const account = await server.facet.services.repositories.accounts.findByLogin(owner.username);
    expect((await server.facet.services.storage.usage(account!.id)).bySource).toMatchObject({ sync: 600 * 1024 });
  });
});
