import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Code, memberCall, operationLogListCall, planStatusCall, pluginListCall, pluginRemoveCall, subAccountCreateCall } from '@facet/contracts';
import { formatBytes } from '@facet/i18n/formatBytes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginBlobKey } from '../src/storage/blobKey.ts';
import { S3BlobStore } from '../src/storage/s3BlobStore.ts';
import { parseS3Url } from '../src/storage/s3Location.ts';
import { logIn, signedIn } from './flows.ts';
import { newPerson, startTestServer, type TestServer } from './harness.ts';
import { solidImage } from './support/imageFixtures.ts';
import { operatorCli } from './support/operatorCli.ts';
import { downloadPlugin, extension, tokenOf, uploadedPlugin, uploadPlugin } from './support/pluginUploads.ts';
import { startTestS3, type TestS3 } from './support/s3rver.ts';

const MB = 1024 * 1024;
const CLI_TEST_TIMEOUT = 120_000;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A valid extension of about `kib` KiB: random bytes do not compress, so the zip is that big. */
const bulkyExtension = (version: string, kib: number) => extension(version, { name: 'data.bin', data: randomBytes(kib * 1024) });

let icon: Buffer;
beforeAll(async () => {
  icon = await solidImage(128, 128, 'png');
});

describe('plugins in the data folder', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('still serves a plugin stored by an older version at blobs/<2 hex>/<sha256> after the upgrade', async () => {
    const { client } = await signedIn(server);
    const zip = extension('2.4.0');
    const { version } = await uploadedPlugin(server, client, { name: 'Before the upgrade', pkg: { bytes: zip } }, icon);
    // Put the bytes where the version before the BlobStore kept them, then start again.
    const now = path.join(server.dataDir, 'blobs', 'plugins', version.sha256);
    const legacy = path.join(server.dataDir, 'blobs', version.sha256.slice(0, 2), version.sha256);
    fs.mkdirSync(path.dirname(legacy), { recursive: true });
    fs.renameSync(now, legacy);
    const before = await downloadPlugin(server, version.sha256, tokenOf(client));
    expect(before.status).toBe(404);
    // Read to the end, so no half-read answer holds a connection the restart and close wait on.
    await before.arrayBuffer();

    await server.restart();
    const download = await downloadPlugin(server, version.sha256, tokenOf(client));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(zip)).toBe(true);
    expect(fs.existsSync(now)).toBe(true);
    expect(fs.existsSync(legacy)).toBe(false);
  });
});

describe('plugins in an S3 bucket (FACET_S3_URL)', () => {
  let s3: TestS3;
  let server: TestServer;
  let bucket: S3BlobStore;
  beforeAll(async () => {
    s3 = await startTestS3();
    const url = s3.url({ prefix: `facet${process.pid}` });
    server = await startTestServer({ FACET_S3_URL: url });
    // The test's own view of the bucket, through the same folder.
    bucket = new S3BlobStore(parseS3Url(url));
  });
  afterAll(async () => {
    bucket.close();
    await server.close();
    await s3.stop();
  });

  it('uploads a plugin into the bucket, serves it back from there, and removes it from there', async () => {
    const { client } = await signedIn(server);
    const zip = bulkyExtension('3.1.0', 64);
    const { plugin, version } = await uploadedPlugin(server, client, { name: 'In the bucket', pkg: { bytes: zip } }, icon);
    expect(version.sha256).toBe(sha256(zip));

    expect((await bucket.get(pluginBlobKey(version.sha256)))?.equals(zip)).toBe(true);
    expect(fs.existsSync(path.join(server.dataDir, 'blobs', 'plugins'))).toBe(false);

    const download = await downloadPlugin(server, version.sha256, tokenOf(client));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-length')).toBe(String(zip.length));
    expect(Buffer.from(await download.arrayBuffer()).equals(zip)).toBe(true);

    await client.call(pluginRemoveCall, { id: plugin.id });
    expect(await bucket.has(pluginBlobKey(version.sha256))).toBe(false);
    expect((await downloadPlugin(server, version.sha256, tokenOf(client))).status).toBe(404);
  });
});

describe('storage per plan', () => {
  let server: TestServer;
  let cli: ReturnType<typeof operatorCli>;
  beforeAll(async () => {
    server = await startTestServer();
    cli = operatorCli(server);
  });
  afterAll(() => server.close());

  /** A main account on a plan of `storageMb`, granted by the operator as a trial, with a sub-account. */
  async function teamWithStorage(storageMb: number) {
    const added = await cli('admin', 'plan', 'add', '--name', `Storage ${storageMb}`, '--price', '5', '--currency', 'USD', '--profiles', '10', '--subaccounts', '2', '--storage', String(storageMb));
    expect(added.code, added.stderr).toBe(0);
    const main = await signedIn(server);
    const granted = await cli('admin', 'trial', '--email', main.email, '--plan', added.stdout.trim());
    expect(granted.code, granted.stderr).toBe(0);
    const username = newPerson('s').username;
    const { subAccount } = await main.client.call(subAccountCreateCall, { username, password: 'sub password 1' });
    const sub = await logIn(server, username, 'sub password 1');
    const { member } = await main.client.call(memberCall, {});
    return { main: { ...main, id: member.id }, sub: { ...sub, id: subAccount.id } };
  }

  it('lets an account without a storage figure store as it likes (unlimited), and says so', async () => {
    const { client } = await signedIn(server);
    await uploadedPlugin(server, client, { name: 'Free', pkg: { bytes: bulkyExtension('1.0.0', 200) } }, icon);
    const { status } = await client.call(planStatusCall, {});
    expect(status.storage.limit).toBe(-1);
    expect(status.storage.used).toBeGreaterThan(200 * 1024);
  });

  it(
    'refuses an upload past the plan’s storage with STORAGE_FULL, saying used and allowed, and stores nothing',
    async () => {
      const { main, sub } = await teamWithStorage(1);
      const first = bulkyExtension('1.0.0', 600);
      const kept = await uploadedPlugin(server, main.client, { name: 'Fits', pkg: { bytes: first } }, icon);

      // What the plan page shows, to the main account and to its sub-account alike.
      for (const client of [main.client, sub.client]) {
        const { status } = await client.call(planStatusCall, {});
        expect(status.storage).toEqual({ used: first.length, limit: 1 * MB });
        expect(status.plan?.storageBytes).toBe(1 * MB);
      }

      const second = bulkyExtension('1.0.0', 600);
      const answer = await uploadPlugin(server, main.client, { name: 'Too much', pkg: { bytes: second } }, icon, 0);
      expect(answer).toMatchObject({ code: Code.STORAGE_FULL, data: { usedBytes: first.length, limitBytes: MB, neededBytes: second.length } });
      expect(answer.msg).toBe(
        `Your plan's storage is full: ${formatBytes(first.length, 'en-US')} of 1 MB is used, and this needs ${formatBytes(second.length, 'en-US')} more. Nothing was saved. Delete plugins you no longer use, or move to a plan with more storage.`,
      );
      const german = await uploadPlugin(server, main.client, { name: 'Too much', pkg: { bytes: second } }, icon, 9);
      expect(german.msg).toContain(`${formatBytes(first.length, 'de')} von 1 MB belegt`);

      // Nothing kept: no plugin, no bytes, no log line; the first plugin is untouched.
      const { list, total } = await main.client.call(pluginListCall, {});
      expect(total).toBe(1);
      expect(list[0]!.id).toBe(kept.plugin.id);
      expect(fs.existsSync(path.join(server.dataDir, 'blobs', 'plugins', sha256(second)))).toBe(false);
      expect((await main.client.call(operationLogListCall, { limit: 100 })).list.map((e) => e.action).filter((a) => a.startsWith('plugin.'))).toEqual(['plugin.upload']);

      // Bytes the team already keeps take no more room: the same zip as a second plugin fits.
      await uploadedPlugin(server, main.client, { name: 'Same bytes again', pkg: { bytes: first } }, icon);
      expect((await main.client.call(planStatusCall, {})).status.storage.used).toBe(first.length);

      // Room made by removing the first plugin (and its twin) lets the second in.
      const { list: both } = await main.client.call(pluginListCall, {});
      for (const plugin of both) await main.client.call(pluginRemoveCall, { id: plugin.id });
      await uploadedPlugin(server, main.client, { name: 'Now it fits', pkg: { bytes: second } }, icon);
    },
    CLI_TEST_TIMEOUT,
  );

  it(
    'counts every registered source toward the main account, whichever team member asks',
    async () => {
      const { main, sub } = await teamWithStorage(1);
      const quota = server.facet.services.storage;
      const asked: string[] = [];
      // What the profile-sync engineer's source will be: bytes per team, registered once.
      quota.register({
        name: `synced-state-${main.id}`,
        bytesOf: async (teamId) => {
          asked.push(teamId);
          return teamId === main.id ? 700 * 1024 : 0;
        },
      });

      expect(await quota.usage(sub.id)).toMatchObject({ teamId: main.id, usedBytes: 700 * 1024, limitBytes: MB });
      await expect(quota.ensureRoom(sub.id, 400 * 1024)).rejects.toMatchObject({ code: Code.STORAGE_FULL, data: { usedBytes: 700 * 1024, limitBytes: MB, neededBytes: 400 * 1024 } });
      await quota.ensureRoom(sub.id, 300 * 1024);
      expect(new Set(asked)).toEqual(new Set([main.id]));

      // A plugin that alone would fit is refused: the team's other bytes count too.
      const answer = await uploadPlugin(server, main.client, { name: 'Crowded', pkg: { bytes: bulkyExtension('1.0.0', 400) } }, icon);
      expect(answer.code).toBe(Code.STORAGE_FULL);
      expect((await sub.client.call(planStatusCall, {})).status.storage).toEqual({ used: 700 * 1024, limit: MB });
      expect((await main.client.call(pluginListCall, {})).total).toBe(0);
    },
    CLI_TEST_TIMEOUT,
  );

  it(
    'lets the operator set and change a plan’s storage through the CLI; accounts keep what they paid for',
    async () => {
      const added = await cli('admin', 'plan', 'add', '--name', 'Big', '--price', '9', '--currency', 'USD', '--profiles', '10', '--subaccounts', '2', '--storage', '2048');
      expect(added.code, added.stderr).toBe(0);
      const planId = added.stdout.trim();
      expect((await cli('admin', 'plan', 'list')).stdout).toMatch(new RegExp(`${planId}\\tBig\\t\\$9\\.00\\t10\\t2\\t2048 MB\\toffered`));
      const main = await signedIn(server);
      expect((await cli('admin', 'trial', '--email', main.email, '--plan', planId)).code).toBe(0);

      expect((await cli('admin', 'plan', 'update', planId, '--storage', '-1')).code).toBe(0);
      expect((await cli('admin', 'plan', 'list')).stdout).toMatch(new RegExp(`${planId}\\tBig\\t\\$9\\.00\\t10\\t2\\tunlimited\\toffered`));
      expect((await main.client.call(planStatusCall, {})).status.storage.limit).toBe(2048 * MB);

      const refused = await cli('admin', 'plan', 'update', planId, '--storage', '1.5');
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--storage must be megabytes');
    },
    CLI_TEST_TIMEOUT,
  );
});
