import { randomBytes } from 'node:crypto';
import type { ApiClient } from '@facet/api-client';
import {
  Code,
  SYNC_CHUNKS_PREFIX,
  encodeChunkFrames,
  planStatusCall,
  profileLaunchCall,
  profileLeaseReleaseCall,
  profileShareCall,
  profileSyncCommitCall,
  profileSyncRefuseCall,
  profileSyncRestoreCall,
  profileSyncVersionsCall,
  realtimeEvents,
  syncLimits,
  syncVersionRefusedPushSchema,
  type RealtimePush,
} from '@facet/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfiles, refusal, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { newDevice } from './support/deviceKeys.ts';
import { solidImage } from './support/imageFixtures.ts';
import { extension, uploadPlugin } from './support/pluginUploads.ts';

/**
 * Issue 34, the sync's limits: the storage quota under parallel uploads, a version's size counted
 * from its chunk references with their repeats, and a version a computer refused passed over.
 */
const KB = 1024;
const tokenOf = (client: ApiClient) => client.credentials.load()!.auth;
const chunkOf = (bytes: number) => ({ id: randomBytes(32).toString('hex'), bytes: randomBytes(bytes) });

function putChunks(server: TestServer, client: ApiClient, profileId: string, deviceKey: string, chunks: { id: string; bytes: Uint8Array }[]) {
  return fetch(`${server.baseUrl}${SYNC_CHUNKS_PREFIX}${profileId}/chunks`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${tokenOf(client)}`, 'content-type': 'application/octet-stream', 'x-facet-device-key': deviceKey },
    body: encodeChunkFrames(chunks),
  });
}

async function storedBytes(server: TestServer, profileId: string): Promise<number> {
  let total = 0;
  for await (const entry of server.facet.services.blobs.list(`sync/${profileId}/`)) total += (await server.facet.services.blobs.get(entry.key))!.length;
  return total;
}

describe('the storage quota under parallel uploads (1 MB plan)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ FACET_FREE_STORAGE_MB: '1' });
  });
  afterAll(() => server.close());

  it('of 8 parallel 300 kB uploads with 604 kB used, takes exactly the one that fits; the usage recorded is what is stored', async () => {
    const owner = await signedIn(server);
    const [id] = await createProfiles(owner.client, 1);
    const device = newDevice();
    await owner.client.call(profileLaunchCall, { id: id!, deviceKey: device.publicKey });
    expect((await putChunks(server, owner.client, id!, device.publicKey, [chunkOf(604 * KB)])).status).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const response = await putChunks(server, owner.client, id!, device.publicKey, [chunkOf(300 * KB)]);
        return ((await response.json()) as { code: number }).code;
      }),
    );
    expect(answers.filter((code) => code === Code.OK)).toHaveLength(1);
    expect(answers.filter((code) => code === Code.STORAGE_FULL)).toHaveLength(7);

    const stored = await storedBytes(server, id!);
    expect(stored).toBe(904 * KB);
    expect((await owner.client.call(planStatusCall, {})).status.storage).toEqual({ used: stored, limit: 1024 * KB });
    // Nothing is left reserved: the room a refused or finished upload held is free again.
    expect((await putChunks(server, owner.client, id!, device.publicKey, [chunkOf(120 * KB)])).status).toBe(200);
    expect(await storedBytes(server, id!)).toBe(1024 * KB);
  });

  it('of 3 parallel plugin uploads of 400 kB, takes the two that fit', async () => {
    const owner = await signedIn(server);
    const icon = await solidImage(128, 128, 'png');
    // Random bytes do not compress: each zip is a little over 400 kB.
    const zips = Array.from({ length: 3 }, (_, i) => extension(`1.0.${i}`, { name: 'data.bin', data: randomBytes(400 * KB) }));
    const answers = await Promise.all(zips.map((bytes, i) => uploadPlugin(server, owner.client, { name: `Bulky ${i}`, pkg: { bytes } }, icon)));
    expect(answers.map((a) => a.code).sort()).toEqual([Code.OK, Code.OK, Code.STORAGE_FULL]);
    const kept = zips.filter((_, i) => answers[i]!.code === Code.OK).reduce((n, zip) => n + zip.length, 0);
    expect((await owner.client.call(planStatusCall, {})).status.storage).toEqual({ used: kept, limit: 1024 * KB });
  });
});

describe('a version\'s size, counted from its chunk references with their repeats', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('refuses a 1.4 kB upload that names one chunk 300 times and claims 1.4 kB; the same counted honestly is 300 chunks', async () => {
    const owner = await signedIn(server);
    const [id] = await createProfiles(owner.client, 1);
    const device = newDevice();
    await owner.client.call(profileLaunchCall, { id: id!, deviceKey: device.publicKey });
    // A compressed zero chunk and a manifest: a few hundred bytes stored.
    const zero = chunkOf(700);
    const manifest = chunkOf(714);
    expect((await putChunks(server, owner.client, id!, device.publicKey, [zero, manifest])).status).toBe(200);
    const commit = { id: id!, deviceKey: device.publicKey, baseVersionId: null, manifestChunk: manifest.id, chunks: [...Array<string>(300).fill(zero.id), manifest.id], files: 1, parts: ['site' as const] };

    const lie = await refusal(owner.client.call(profileSyncCommitCall, { ...commit, plainBytes: 1414 }), Code.SYNC_SIZE_MISMATCH);
    expect(lie.data).toEqual({ plainBytes: 1414, references: 300, files: 1 });
    // Nor more than the references can carry.
    await refusal(owner.client.call(profileSyncCommitCall, { ...commit, plainBytes: 300 * syncLimits.chunkBytes + 1 }), Code.SYNC_SIZE_MISMATCH);
    expect((await owner.client.call(profileSyncVersionsCall, { id: id! })).list).toEqual([]);

    const honest = await owner.client.call(profileSyncCommitCall, { ...commit, plainBytes: 300 * syncLimits.chunkBytes });
    expect(honest.version.plainBytes).toBe(300 * syncLimits.chunkBytes);
    // Past the per-profile limit in references alone: refused whatever size is claimed.
    const many = Math.floor(syncLimits.maxProfileBytes / syncLimits.chunkBytes) + 2;
    await refusal(owner.client.call(profileSyncCommitCall, { ...commit, chunks: [...Array<string>(many).fill(zero.id), manifest.id], plainBytes: syncLimits.maxProfileBytes + 1 }), Code.SYNC_TOO_LARGE);
    await refusal(owner.client.call(profileSyncCommitCall, { ...commit, chunks: [...Array<string>(many).fill(zero.id), manifest.id], plainBytes: 1 }), Code.SYNC_SIZE_MISMATCH);
    expect((await owner.client.call(profileSyncVersionsCall, { id: id! })).list).toHaveLength(1);
  });
});

describe('a version a computer refused', () => {
  let server: TestServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server.close();
  });

  /** The owner's console listening for the refusal pushes (not the others: a lease given back is pushed too). */
  async function listen(client: ApiClient): Promise<RealtimePush[]> {
    const socket = io(server.baseUrl, { path: '/socket.io', transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const pushes: RealtimePush[] = [];
    socket.on(realtimeEvents.message, (push: RealtimePush) => void (push.code === Code.SYNC_VERSION_REFUSED && pushes.push(push)));
    expect(((await socket.emitWithAck(realtimeEvents.login, { auth: tokenOf(client), lang: 0 })) as { code: number }).code).toBe(Code.OK);
    return pushes;
  }
  /** One saved version of a file's 900 bytes: its chunks uploaded, then committed. */
  async function saveVersion(client: ApiClient, id: string, deviceKey: string, baseVersionId: string | null) {
    const [manifest, data] = [chunkOf(600), chunkOf(900)];
    expect((await putChunks(server, client, id, deviceKey, [manifest, data])).status).toBe(200);
    return (await client.call(profileSyncCommitCall, { id, deviceKey, baseVersionId, manifestChunk: manifest.id, chunks: [data.id, manifest.id], files: 1, parts: ['site'], plainBytes: 900 })).version;
  }
  /** A profile shared to run with a second account, the owner's laptop and the recipient's desktop. */
  async function sharedToRun(name: string) {
    const owner = await signedIn(server);
    const runner = await signedIn(server);
    const [id] = (await createProfiles(owner.client, 1, { name })) as [string];
    await owner.client.call(profileShareCall, { mode: 'accounts', ids: [id], accounts: [runner.username], permission: 'run' });
    const save = (client: ApiClient, deviceKey: string, baseVersionId: string | null) => saveVersion(client, id, deviceKey, baseVersionId);
    return { owner, runner, id, laptop: newDevice(), desktop: newDevice(), save };
  }
  const nextPush = (pushes: RealtimePush[], count: number) =>
    new Promise<RealtimePush>((resolve) => {
      const look = () => (pushes.length >= count ? resolve(pushes[count - 1]!) : setTimeout(look, 10));
      look();
    });

  it('is passed over for the newest good one at every later start, and the owner is told which and who made it', async () => {
    const { owner, runner, id, laptop, desktop, save } = await sharedToRun('Shop with a bomb');

    // The owner saves a good version; the recipient, running it on its desktop, saves one on top.
    await owner.client.call(profileLaunchCall, { id: id!, deviceKey: laptop.publicKey, deviceName: 'Office laptop' });
    const good = await save(owner.client, laptop.publicKey, null);
    await owner.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: laptop.publicKey });
    await runner.client.call(profileLaunchCall, { id: id!, deviceKey: desktop.publicKey, deviceName: 'Home desktop' });
    const bomb = await save(runner.client, desktop.publicKey, good.id);
    await runner.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: desktop.publicKey });

    const pushes = await listen(owner.client);
    const start = await owner.client.call(profileLaunchCall, { id: id!, deviceKey: laptop.publicKey, deviceName: 'Office laptop' });
    expect(start.syncHead?.id).toBe(bomb.id);
    // Only the machine starting it may say so, and only someone who may run it.
    await refusal(runner.client.call(profileSyncRefuseCall, { id: id!, deviceKey: desktop.publicKey, versionId: bomb.id, reason: 'overCounted' }), Code.LEASE_NOT_HELD);
    await refusal((await signedIn(server)).client.call(profileSyncRefuseCall, { id: id!, deviceKey: laptop.publicKey, versionId: bomb.id, reason: 'overCounted' }), Code.NOT_FOUND);

    const instead = await owner.client.call(profileSyncRefuseCall, { id: id!, deviceKey: laptop.publicKey, versionId: bomb.id, reason: 'overCounted' });
    expect(instead.head).toMatchObject({ id: good.id, number: 1, head: true, refused: null });
    const told = await nextPush(pushes, 1);
    expect(told.code).toBe(Code.SYNC_VERSION_REFUSED);
    expect(syncVersionRefusedPushSchema.parse(told.data)).toMatchObject({
      profileId: id,
      profileName: 'Shop with a bomb',
      number: 2,
      madeBy: runner.username,
      madeOn: 'Home desktop',
      refusal: { by: owner.username, device: 'Office laptop', reason: 'overCounted' },
      usingNumber: 1,
    });
    // Told once: the same refusal again changes nothing and pushes nothing.
    expect((await owner.client.call(profileSyncRefuseCall, { id: id!, deviceKey: laptop.publicKey, versionId: bomb.id, reason: 'tampered' })).head?.id).toBe(good.id);
    await owner.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: laptop.publicKey });

    // The next start, on any machine, opens the good one; the saved versions say who made the refused one and who refused it.
    expect((await runner.client.call(profileLaunchCall, { id: id!, deviceKey: desktop.publicKey, deviceName: 'Home desktop' })).syncHead?.id).toBe(good.id);
    const list = (await owner.client.call(profileSyncVersionsCall, { id: id! })).list;
    expect(list.map((v) => [v.number, v.head, v.refused?.reason ?? null])).toEqual([
      [2, false, 'overCounted'],
      [1, true, null],
    ]);
    expect(list[0]).toMatchObject({ by: runner.username, device: 'Home desktop', refused: { by: owner.username, device: 'Office laptop' } });
    // A save made from the good one is no conflict with the refused one it passes.
    const after = await save(runner.client, desktop.publicKey, good.id);
    expect(after).toMatchObject({ number: 3, baseNumber: 1, conflictWith: null, head: true, refused: null });
    await runner.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: desktop.publicKey });
    // The owner may still restore it on purpose: the copy starts unrefused.
    expect((await owner.client.call(profileSyncRestoreCall, { id: id!, versionId: bomb.id })).version).toMatchObject({ number: 4, restoredFrom: 2, refused: null, head: true });
    expect(pushes).toHaveLength(1);
  });

  it('takes a refusal only of the version the start opened, and refused saves push out no more good versions than one save does', async () => {
    const { owner, runner, id, laptop, desktop, save } = await sharedToRun('Shop with history');
    // The owner's good history: as many versions as are kept.
    await owner.client.call(profileLaunchCall, { id: id!, deviceKey: laptop.publicKey });
    let base: string | null = null;
    const good = [];
    for (let i = 0; i < syncLimits.keptVersions; i++) good.push((base = (await save(owner.client, laptop.publicKey, base)).id));
    await owner.client.call(profileLeaseReleaseCall, { id: id!, deviceKey: laptop.publicKey });

    // A run-only recipient's start opens the newest; refusing an older good one is refused, unchanged.
    await runner.client.call(profileLaunchCall, { id: id!, deviceKey: desktop.publicKey });
    const older = refusal(runner.client.call(profileSyncRefuseCall, { id: id!, deviceKey: desktop.publicKey, versionId: good[3]!, reason: 'tampered' }), Code.SYNC_REFUSAL_NOT_OPENED);
    expect((await older).data).toMatchObject({ number: 4, opened: syncLimits.keptVersions });
    expect((await owner.client.call(profileSyncVersionsCall, { id: id! })).list.every((v) => v.refused === null)).toBe(true);

    // Saves it then refuses, again and again: each refused save takes no place among the good ones.
    let head = good.at(-1)!;
    for (let i = 0; i < syncLimits.keptVersions + 2; i++) {
      const junk = await save(runner.client, desktop.publicKey, head);
      head = (await runner.client.call(profileSyncRefuseCall, { id: id!, deviceKey: desktop.publicKey, versionId: junk.id, reason: 'overCounted' })).head!.id;
      expect(head).toBe(good.at(-1));
    }
    // The first refused save pushed out the oldest good one, as any save would; the next ones none (it was: all ten gone).
    const list = (await owner.client.call(profileSyncVersionsCall, { id: id! })).list;
    expect(list.filter((v) => v.refused === null).map((v) => v.id).reverse()).toEqual(good.slice(1));
    // The newest refused ones stay to be shown, no more than the good ones.
    expect(list.filter((v) => v.refused !== null)).toHaveLength(syncLimits.keptVersions);
  });
});
