import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApiClient, memoryCredentialStore } from '@facet/api-client';
import { apiProfileCreateCall, type SyncOptions, type SyncPart, type SyncVersion } from '@facet/contracts';
import { discoverChromium } from '../apps/agent/src/browser/machine/discoverChromium.ts';
import { startVirtualDisplay } from '../apps/agent/src/browser/machine/virtualDisplay.ts';
import { apiTokenProfileSource, type ProfileSource } from '../apps/agent/src/core/profileSource.ts';
import { readOrCreateDeviceKey } from '../apps/agent/src/storage/deviceKey.ts';
import { readSyncState, type LocalSyncState } from '../apps/agent/src/sync/localSyncState.ts';
import { ProfileStateSync } from '../apps/agent/src/sync/profileStateSync.ts';
import { partsOf } from '../apps/agent/src/sync/syncParts.ts';
import { bareChromiumStart } from './launch.ts';
import { browse, closeBrowser } from './lib/browsingSession.ts';
import { countingTransport, type CountingTransport } from './lib/countingTransport.ts';
import { copySyncedFiles, differingSyncedFiles, folderBytes, syncedBytes, syncedFolders, unsyncedEntries } from './lib/profileFolder.ts';
import { operatorCli } from './lib/operatorCli.ts';
import { profileTemplate } from './lib/profileTemplate.ts';
import { startServer } from './lib/serverProcess.ts';
import { startStorageSite } from './lib/storageSite.ts';

/**
 * A profile's state between machines (issue 15), each figure against a baseline of the same run:
 * the first save and a download against copying the user-data-dir on the same disk, a save after
 * a small change against the first, and the check before a start on a machine that already holds
 * the newest version against a Chromium start. Real Chromium (headful under Xvfb, as profiles run)
 * fills the folder from a loopback site; the real server takes the chunks over loopback HTTP.
 */
const ROUNDS = Number(process.env.BENCH_SYNC_ROUNDS ?? 7);
/** Random IndexedDB records per origin, two origins: 20 MiB in all by default. */
const RANDOM_RECORDS = Number(process.env.BENCH_SYNC_RECORDS ?? 40);
const RECORD_BYTES = 256 * 1024;
/** Cacheable assets of 1 MiB fetched per origin: a 200 MiB HTTP cache by default. */
const ASSETS = Number(process.env.BENCH_SYNC_ASSETS ?? 100);
const ASSET_BYTES = 1024 * 1024;
const SERVER_PORT = 18482;
const EMAIL = 'sync-bench@example.test';
const everything: SyncOptions = { cookies: true, tabs: true, bookmarks: true, history: true, passwords: true, extensions: true };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mib = (bytes: number) => (bytes < 2 ** 20 ? `${(bytes / 1024).toFixed(0)} KiB` : `${(bytes / 2 ** 20).toFixed(1)} MiB`);
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** One computer running the profile: its own agent data folder (device key), its own copy of the profile's folder. */
interface Machine {
  userDataDir: string;
  head: SyncVersion | null;
  transport: CountingTransport;
  /** A fresh ProfileStateSync, as the agent makes one at every start. */
  sync(): ProfileStateSync;
  renewLease(): Promise<number>;
  releaseLease(): Promise<void>;
}

async function machine(source: ProfileSource, profileId: string, parts: SyncPart[], root: string, name: string): Promise<Machine> {
  const deviceKey = readOrCreateDeviceKey(path.join(root, 'agent'));
  const ticket = await source.launch(profileId, deviceKey.publicKey, name);
  const { syncKey } = deviceKey.open(ticket.sealed, profileId);
  const transport = countingTransport(source.syncTransport(deviceKey.publicKey));
  const userDataDir = path.join(root, 'profile');
  return {
    userDataDir,
    head: ticket.syncHead,
    transport,
    sync: () => new ProfileStateSync({ userDataDir, profileId, syncKey, parts, transport }),
    renewLease: async () => {
      const [beat] = await source.beatLeases([profileId], deviceKey.publicKey);
      if (beat?.state !== 'held') throw new Error(`the lease was not renewed: ${beat?.state}`);
      return beat.expiresAt!;
    },
    releaseLease: () => source.releaseLease(profileId, deviceKey.publicKey),
  };
}

export async function benchProfileSync(): Promise<string> {
  const chromium = discoverChromium();
  if (!chromium) throw new Error('no Chromium: install chromium or set CHROME_PATH');
  // The copy baseline copies on the disk of this folder: where the temporary folder is a tmpfs, point TMPDIR at a disk.
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'facet-bench-sync-'));
  const serverEnv = { FACET_DATA_DIR: path.join(root, 'server'), FACET_DATA_KEY: randomBytes(32).toString('base64url'), DATABASE_URL: '', FACET_FINGERPRINT_POOL: '0' };
  const display = await startVirtualDisplay();
  const env = { ...process.env, DISPLAY: display.display };
  const site = await startStorageSite();
  const server = await startServer(serverEnv, SERVER_PORT);
  try {
    operatorCli(serverEnv, 'create-user', '--email', EMAIL, '--password', 'sync bench password');
    const token = operatorCli(serverEnv, 'api-token', '--email', EMAIL).trim();
    const client = new ApiClient({ baseUrl: server.url, signKey: '', credentials: memoryCredentialStore(null), getLanguage: () => 0, apiToken: token });
    const { profile } = await client.call(apiProfileCreateCall, { settings: { ...profileTemplate, sync: everything } });
    const parts = partsOf(everything);
    const source = apiTokenProfileSource(server.url, token);

    // 1. A browsing session on machine A: two origins (127.0.0.1 and localhost are two to Chromium).
    const a = await machine(source, profile.id, parts, path.join(root, 'a'), 'bench-a');
    const origins = [site.url, site.url.replace('127.0.0.1', 'localhost')];
    const visited = origins.map((origin) => site.fillUrl(origin, { randomRecords: RANDOM_RECORDS, recordBytes: RECORD_BYTES, assets: ASSETS, assetBytes: ASSET_BYTES }));
    const session = await timed(() => browse(chromium, a.userDataDir, env, `${site.url}/`, visited));
    log(`browsing session: ${ms(session.ms)}`);
    const folder = await folderBytes(a.userDataDir);
    const synced = await syncedBytes(a.userDataDir, parts);
    log(`folder ${mib(folder)}, synced ${mib(synced.total)} (${Object.entries(synced.byPart).map(([p, n]) => `${p} ${mib(n)}`).join(', ')})`);
    for (const entry of await syncedFolders(a.userDataDir, parts)) log(`  synced: ${entry.folder}: ${entry.files} files, ${mib(entry.bytes)}`);
    for (const entry of await unsyncedEntries(a.userDataDir, parts)) log(`  not synced: ${entry.path} ${mib(entry.bytes)}`);

    // 2. First save against copying the folder (and, for the sync's own overhead, its synced files alone); a copy varies 3× here from one to the next, so the median of three.
    const copies: number[] = [];
    const syncedCopies: number[] = [];
    for (let i = 0; i < 3; i++) {
      copies.push((await timed(() => fs.cp(a.userDataDir, path.join(root, 'copy'), { recursive: true }))).ms);
      await fs.rm(path.join(root, 'copy'), { recursive: true });
      syncedCopies.push((await timed(() => copySyncedFiles(a.userDataDir, parts, path.join(root, 'copy')))).ms);
      await fs.rm(path.join(root, 'copy'), { recursive: true });
    }
    const copy = { ms: median(copies) };
    const syncedCopy = { ms: median(syncedCopies) };
    await a.renewLease();
    a.transport.reset();
    const first = await timed(() => a.sync().save(false, visited));
    const firstSent = a.transport.counted.sentBytes;
    const firstServer = serverMs(a.transport);
    if (first.value.uploadedBytes !== firstSent) log(`first save: it says ${first.value.uploadedBytes} bytes sent, the transport saw ${firstSent}`);
    log(`first save: ${ms(first.ms)}, ${mib(firstSent)} sent of ${mib(first.value.plainBytes)} plain; ${waits(a.transport)}; copies ${copies.map(ms).join(', ')}, synced files alone ${syncedCopies.map(ms).join(', ')}`);

    // 3. A second session writes one more Local Storage entry; the save should send about that much.
    const before = await readSyncState(a.userDataDir);
    await browse(chromium, a.userDataDir, env, `${site.url}/`, [site.noteUrl(site.url, 'one-more')]);
    await a.renewLease();
    a.transport.reset();
    const second = await timed(() => a.sync().save(false, visited));
    const secondSent = a.transport.counted.sentBytes;
    const secondServer = serverMs(a.transport);
    log(`second save: ${ms(second.ms)}, ${mib(secondSent)} sent; ${waits(a.transport)}`);
    for (const line of changedFiles(before, await readSyncState(a.userDataDir))) log(`  ${line}`);

    // 4. Machine B, a fresh folder: it downloads the newest version before its first start.
    await a.releaseLease();
    const b = await machine(source, profile.id, parts, path.join(root, 'b'), 'bench-b');
    if (b.head?.id !== second.value.version.id) throw new Error(`machine B was given version ${b.head?.number}, not the newest (${second.value.version.number})`);
    const download = await timed(() => b.sync().prepare(b.head));
    if (download.value.action !== 'downloaded') throw new Error(`a fresh folder was ${download.value.action}, not downloaded`);
    const received = b.transport.counted.receivedBytes;
    const downloadServer = serverMs(b.transport);
    const mismatched = await differingSyncedFiles(a.userDataDir, b.userDataDir, parts);
    if (mismatched.length > 0) throw new Error(`machine B's synced files differ from A's: ${mismatched.join(', ')}`);
    log(`download: ${ms(download.ms)}, ${mib(received)} received (it says ${mib(download.value.downloadedBytes)}); ${waits(b.transport)}; B's synced files equal A's`);

    // 5. B already holds the newest version: the check before each start, against the start itself.
    // Each session changes the folder, so it is saved after (as the agent does at a stop) and the next check is 'current' again.
    let head = b.head;
    const checks: number[] = [];
    const starts: number[] = [];
    const idleSaves: { ms: number; sent: number; serverMs: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await b.renewLease();
      const check = await timed(() => b.sync().prepare(head));
      if (check.value.action !== 'current') throw new Error(`round ${round}: the folder holding version ${head.number} was ${check.value.action}, not current`);
      checks.push(check.ms);
      const start = await bareChromiumStart(chromium, b.userDataDir, `${site.url}/`, env);
      starts.push(start.ms);
      await closeBrowser(start.browser);
      b.transport.reset();
      const unchanged = await readSyncState(b.userDataDir);
      const saved = await timed(() => b.sync().save(false, [`${site.url}/`]));
      const touched = changedFiles(unchanged, await readSyncState(b.userDataDir)).length;
      idleSaves.push({ ms: saved.ms, sent: b.transport.counted.sentBytes, serverMs: serverMs(b.transport) });
      log(`round ${round}: check ${check.ms.toFixed(1)} ms, start ${ms(start.ms)}, save ${ms(saved.ms)} ${mib(b.transport.counted.sentBytes)} (${touched} files new, changed or gone); ${waits(b.transport)}`);
      head = saved.value.version;
    }
    // The check alone, back to back: in the rounds it follows a browser's exit and a save, and takes several times longer.
    const backToBack: number[] = [];
    for (let i = 0; i < 20; i++) backToBack.push((await timed(() => b.sync().prepare(head))).ms);
    await b.releaseLease();

    return report({
      folder,
      synced,
      copyMs: copy.ms,
      syncedCopyMs: syncedCopy.ms,
      first: { ms: first.ms, sent: firstSent, serverMs: firstServer },
      second: { ms: second.ms, sent: secondSent, serverMs: secondServer },
      download: { ms: download.ms, received, serverMs: downloadServer },
      checkMs: median(checks),
      checkBackToBackMs: median(backToBack),
      startMs: median(starts),
      idleSave: { ms: median(idleSaves.map((s) => s.ms)), sent: median(idleSaves.map((s) => s.sent)), serverMs: median(idleSaves.map((s) => s.serverMs)) },
    });
  } finally {
    await server.stop();
    await site.close();
    await display.stop();
    await fs.rm(root, { recursive: true, force: true });
  }
}

/** The files a save found new, changed or gone against the state before it, and how many of their chunks were new: where its bytes went. */
function changedFiles(before: LocalSyncState, after: LocalSyncState): string[] {
  const known = new Set(Object.values(before.files).flatMap((f) => f.chunks));
  const lines: string[] = [];
  for (const [file, record] of Object.entries(after.files)) {
    const old = before.files[file];
    if (old && old.size === record.size && old.mtimeMs === record.mtimeMs) continue;
    const fresh = record.chunks.filter((id) => !known.has(id)).length;
    lines.push(`${old ? 'changed' : 'new'}: ${file} ${mib(record.size)}, ${fresh} of ${record.chunks.length} chunks new`);
  }
  for (const file of Object.keys(before.files)) if (!after.files[file]) lines.push(`gone: ${file}`);
  return lines;
}

/** The time the agent waited on the server, all calls together. */
function serverMs(transport: CountingTransport): number {
  return Object.values(transport.counted.calls).reduce((n, c) => n + c.ms, 0);
}

/** Requests by call and the time waited on them. */
function waits(transport: CountingTransport): string {
  return Object.entries(transport.counted.calls)
    .filter(([, c]) => c.requests > 0)
    .map(([call, c]) => `${call} ${c.requests}× ${ms(c.ms)}`)
    .join(', ');
}

function log(line: string) {
  console.log(`sync: ${line}`);
}

interface SyncFigures {
  folder: number;
  synced: { total: number; byPart: Record<string, number> };
  copyMs: number;
  syncedCopyMs: number;
  first: { ms: number; sent: number; serverMs: number };
  second: { ms: number; sent: number; serverMs: number };
  download: { ms: number; received: number; serverMs: number };
  checkMs: number;
  checkBackToBackMs: number;
  startMs: number;
  idleSave: { ms: number; sent: number; serverMs: number };
}

function report(f: SyncFigures): string {
  const share = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)} %`;
  const time = (step: { ms: number; serverMs: number }) => `${ms(step.ms)} (server ${ms(step.serverMs)})`;
  const lines = [
    '',
    `## ${new Date().toISOString().slice(0, 10)} — profile sync — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
    '',
    `A fresh user-data-dir after one headful session (Xvfb) on two loopback origins: ${RANDOM_RECORDS * 2} IndexedDB records of ${RECORD_BYTES / 1024} KiB random bytes, an order history as JSON in IndexedDB and Local Storage, and ${ASSETS * 2} cacheable assets of ${ASSET_BYTES / 2 ** 20} MiB fetched into Chromium's real HTTP cache; closed with CDP \`Browser.close\`. Every part synced. The server is the real one on loopback (SQLite, blobs in its data folder); bytes are sealed chunk bytes, counted at the transport. The copy is \`fs.cp\` of the whole folder on the same disk, median of 3. Target: the check before a start < 5 % of the start.`,
    '',
    '| Folder after the session | Synced parts | By part |',
    '|---|---|---|',
    `| ${mib(f.folder)} | ${mib(f.synced.total)} | ${Object.entries(f.synced.byPart).map(([p, n]) => `${p} ${mib(n)}`).join(', ')} |`,
    '',
    '| Step | Time (of it waiting on the server) | Bytes | Baseline (same run) | Ratio |',
    '|---|---|---|---|---|',
    `| First save (upload) | ${time(f.first)} | ${mib(f.first.sent)} sent | copy of the folder ${ms(f.copyMs)}, ${mib(f.folder)} (synced files alone ${ms(f.syncedCopyMs)}) | ${(f.first.ms / f.copyMs).toFixed(2)} × the copy's time, ${share(f.first.sent, f.folder)} of its bytes |`,
    `| Save after one more Local Storage entry | ${time(f.second)} | ${mib(f.second.sent)} sent | first save ${ms(f.first.ms)}, ${mib(f.first.sent)} | ${share(f.second.sent, f.first.sent)} of its bytes |`,
    `| Download on a second machine (empty folder) | ${time(f.download)} | ${mib(f.download.received)} received | copy of the folder ${ms(f.copyMs)}, ${mib(f.folder)} | ${(f.download.ms / f.copyMs).toFixed(2)} × the copy's time, ${share(f.download.received, f.folder)} of its bytes |`,
    `| Check before a start, folder current (median of ${ROUNDS}) | ${f.checkMs.toFixed(1)} ms (20 back to back: ${f.checkBackToBackMs.toFixed(1)} ms) | 0 | Chromium start to first page evaluable ${ms(f.startMs)} | ${share(f.checkMs, f.startMs)} of the start |`,
    `| Save after a session that only opened a page (median) | ${time(f.idleSave)} | ${mib(f.idleSave.sent)} sent | first save ${mib(f.first.sent)} | ${share(f.idleSave.sent, f.first.sent)} of its bytes |`,
    '',
  ];
  return lines.join('\n');
}
