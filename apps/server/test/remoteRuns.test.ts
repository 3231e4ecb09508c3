import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  Code,
  HOST_JOIN_PATH,
  HOST_LINK_PATH,
  HOST_STREAM_PATH,
  apiProfileLaunchCall,
  apiProfileListCall,
  apiProfileCookiesCall,
  apiProfileLeaseBeatCall,
  apiProfileSyncMissingCall,
  hostCommandSchema,
  hostEnrollCall,
  hostListCall,
  hostRemoveCall,
  logoutCall,
  profileLaunchCall,
  profileShareCall,
  profileUnshareCall,
  remoteControlCall,
  remoteListCall,
  remoteOpenCall,
  remoteStopCall,
  remoteTicketCall,
  memberCall,
  subAccountCreateCall,
  type HostCommand,
  type HostReport,
} from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createProfiles, logIn, refusal, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { newDevice } from './support/deviceKeys.ts';

const hasXvnc = fs.existsSync('/usr/bin/Xvnc');
// Reads the display's clipboard as a program on the host would (scripts/lib/ensure.mjs installs it for tests).
const hasXclip = spawnSync('xclip', ['-version'], { stdio: 'ignore' }).error === undefined;

/** A host as the server sees one: a real WebSocket link speaking the contract, and its stream sockets. */
class TestHost {
  readonly commands: HostCommand[] = [];
  private waiters: (() => void)[] = [];
  constructor(
    readonly link: WebSocket,
    readonly token: string,
    readonly device: ReturnType<typeof newDevice>,
  ) {
    link.on('message', (data) => {
      this.commands.push(hostCommandSchema.parse(JSON.parse(String(data))));
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  report(report: HostReport): void {
    this.link.send(JSON.stringify(report));
  }

  async next<T extends HostCommand['type']>(type: T, timeoutMs = 5000): Promise<Extract<HostCommand, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const at = this.commands.findIndex((c) => c.type === type);
      if (at >= 0) return this.commands.splice(at, 1)[0] as Extract<HostCommand, { type: T }>;
      if (Date.now() > deadline) throw new Error(`no ${type} command`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }
}

async function joinHost(server: TestServer, code: string, name = 'Rack 1'): Promise<TestHost> {
  const device = newDevice();
  const response = await fetch(`${server.baseUrl}${HOST_JOIN_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, name, deviceKey: device.publicKey }) });
  const body = (await response.json()) as { code: number; data: { hostId: string; token: string } };
  expect(body.code).toBe(0);
  const link = new WebSocket(`${server.baseUrl.replace('http', 'ws')}${HOST_LINK_PATH}`, { headers: { authorization: `Bearer ${body.data.token}` } });
  await new Promise((resolve, reject) => link.once('open', resolve).once('error', reject));
  const host = new TestHost(link, body.data.token, device);
  host.report({ type: 'load', load: { cores: 2, cpuPercent: 12.5, memoryUsedMb: 3000, memoryTotalMb: 24000, profiles: 0, streams: 0 } });
  return host;
}

function socketOutcome(ws: WebSocket): Promise<{ opened: boolean; status: number | null; closeCode: number | null }> {
  return new Promise((resolve) => {
    let opened = false;
    ws.once('open', () => (opened = true));
    ws.once('unexpected-response', (_req, res) => resolve({ opened: false, status: res.statusCode ?? null, closeCode: null }));
    ws.once('close', (code) => resolve({ opened, status: null, closeCode: code }));
    ws.once('error', () => {});
  });
}

/** A private Xvnc, as the host agent runs one per profile: the far end of a viewer's stream. */
function startXvnc(): { socketPath: string; clipboard: () => string; stop: () => void; ready: Promise<void> } {
  let n = 170;
  while (fs.existsSync(`/tmp/.X11-unix/X${n}`) || fs.existsSync(`/tmp/.X${n}-lock`)) n += 1;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-xvnc-'));
  const socketPath = path.join(dir, 'vnc.sock');
  const child: ChildProcess = spawn('Xvnc', [`:${n}`, '-geometry', '1280x800', '-depth', '24', '-SecurityTypes', 'None', '-rfbport', '-1', '-rfbunixpath', socketPath, '-AlwaysShared', '-AcceptSetDesktopSize=0', '-nolisten', 'tcp'], { stdio: 'ignore' });
  const ready = (async () => {
    const deadline = Date.now() + 10_000;
    while (!fs.existsSync(socketPath)) {
      if (Date.now() > deadline) throw new Error('Xvnc did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const clipboard = () => spawnSync('xclip', ['-o', '-selection', 'clipboard'], { env: { ...process.env, DISPLAY: `:${n}` }, encoding: 'latin1', timeout: 5000 }).stdout;
  return { socketPath, ready, clipboard, stop: () => {
    child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  } };
}

/** The host's side of one stream: its socket to the server joined to the display's VNC socket. */
async function serveStream(server: TestServer, host: TestHost, streamId: string, vncSocket: string): Promise<WebSocket> {
  const ws = new WebSocket(`${server.baseUrl.replace('http', 'ws')}${HOST_STREAM_PATH}${streamId}`, { headers: { authorization: `Bearer ${host.token}` } });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const vnc = net.connect(vncSocket);
  vnc.on('data', (d) => ws.send(d));
  ws.on('message', (d) => vnc.write(d as Buffer));
  ws.on('close', () => vnc.destroy());
  vnc.on('close', () => ws.close());
  return ws;
}

/** A viewer as noVNC is one: a socket on the ticket's path, speaking RFB 3.8 with no security. */
class Viewer {
  private buffer = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      this.buffer = Buffer.concat([this.buffer, d as Buffer]);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  async read(bytes: number): Promise<Buffer> {
    const deadline = Date.now() + 5000;
    while (this.buffer.length < bytes) {
      if (Date.now() > deadline) throw new Error(`waited for ${bytes} bytes, have ${this.buffer.length}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    const out = this.buffer.subarray(0, bytes);
    this.buffer = this.buffer.subarray(bytes);
    return out;
  }

  /** Version, security None, ClientInit: answers the display's size as the host's Xvnc has it. */
  async handshake(): Promise<{ width: number; height: number }> {
    expect((await this.read(12)).toString()).toBe('RFB 003.008\n');
    this.ws.send(Buffer.from('RFB 003.008\n'));
    const count = (await this.read(1))[0]!;
    expect([...(await this.read(count))]).toContain(1);
    this.ws.send(Buffer.from([1]));
    expect((await this.read(4)).readUInt32BE(0)).toBe(0);
    this.ws.send(Buffer.from([1]));
    const init = await this.read(24);
    await this.read(init.readUInt32BE(20));
    return { width: init.readUInt16BE(0), height: init.readUInt16BE(2) };
  }

  /** Sends clipboard text (ClientCutText); the display shares it with every viewer that may read it. */
  sendClipboard(text: string): void {
    const bytes = Buffer.from(text, 'latin1');
    const message = Buffer.alloc(8 + bytes.length);
    message[0] = 6;
    message.writeUInt32BE(bytes.length, 4);
    bytes.copy(message, 8);
    this.ws.send(message);
  }
}

async function openViewer(server: TestServer, client: Awaited<ReturnType<typeof signedIn>>['client'], runId: string): Promise<{ viewer: Viewer; viewerId: string }> {
  const { ticket, path: streamPath, viewerId } = await client.call(remoteTicketCall, { runId });
  const ws = new WebSocket(`${server.baseUrl.replace('http', 'ws')}${streamPath}?ticket=${encodeURIComponent(ticket)}`);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { viewer: new Viewer(ws), viewerId };
}

describe('hosts and profiles opened remotely', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('lets a host join once with a main account\'s code, and shows the team its load', async () => {
    const owner = await signedIn(server);
    await refusal(owner.client.call(hostEnrollCall, { passwd: 'not-the-password-1' }), Code.WRONG_PASSWORD);
    const { code, expiresAt } = await owner.client.call(hostEnrollCall, { passwd: owner.password, name: 'Rack 1' });
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(expiresAt).toBeGreaterThan(Date.now());
    const host = await joinHost(server, code);
    // A code works once.
    const again = await fetch(`${server.baseUrl}${HOST_JOIN_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, name: 'Copy', deviceKey: newDevice().publicKey }) });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { code: number }).code).toBe(Code.HOST_CODE_INVALID);

    await expect.poll(async () => (await owner.client.call(hostListCall, {})).list, { timeout: 5000 }).toEqual([
      expect.objectContaining({ name: 'Rack 1', online: true, load: expect.objectContaining({ cores: 2, cpuPercent: 12.5 }) }),
    ]);
    // The team sees it (its sub-accounts too, who may not add one); another account does not.
    const subName = `sub${Date.now().toString(36)}`;
    await owner.client.call(subAccountCreateCall, { username: subName, password: 'Sub-passw0rd', nickname: '', platformAccount: '' });
    const sub = await logIn(server, subName, 'Sub-passw0rd');
    expect((await sub.client.call(hostListCall, {})).list).toEqual([expect.objectContaining({ name: 'Rack 1', online: true })]);
    await refusal(sub.client.call(hostEnrollCall, { passwd: 'Sub-passw0rd' }), Code.MAIN_ACCOUNT_ONLY);
    const stranger = await signedIn(server);
    expect((await stranger.client.call(hostListCall, {})).list).toEqual([]);

    // A link without a token, or with a made-up one, is refused before it opens.
    const noToken = await socketOutcome(new WebSocket(`${server.baseUrl.replace('http', 'ws')}${HOST_LINK_PATH}`));
    expect(noToken.status).toBe(401);
    const madeUp = await socketOutcome(new WebSocket(`${server.baseUrl.replace('http', 'ws')}${HOST_LINK_PATH}`, { headers: { authorization: 'Bearer fht_made-up' } }));
    expect(madeUp.status).toBe(401);

    // Removed: its link closes and its token opens nothing more.
    const [row] = (await owner.client.call(hostListCall, {})).list;
    const closed = new Promise<number>((resolve) => host.link.once('close', resolve));
    await owner.client.call(hostRemoveCall, { id: row!.id, passwd: owner.password });
    expect(await closed).toBe(4001);
    const after = await socketOutcome(new WebSocket(`${server.baseUrl.replace('http', 'ws')}${HOST_LINK_PATH}`, { headers: { authorization: `Bearer ${host.token}` } }));
    expect(after.status).toBe(401);
  });

  it('starts a profile on the host with a run token that reaches that one profile, from that host, and nothing else', async () => {
    const owner = await signedIn(server);
    const host = await joinHost(server, (await owner.client.call(hostEnrollCall, { passwd: owner.password })).code);
    const [id, other] = await createProfiles(owner.client, 2);
    const [row] = (await owner.client.call(hostListCall, {})).list;
    const { run } = await owner.client.call(remoteOpenCall, { profileId: id!, hostId: row!.id });
    expect(run).toMatchObject({ profileId: id, hostName: 'Rack 1', state: 'starting', startedBy: owner.username, mayStop: true });
    const start = await host.next('start');
    expect(start).toMatchObject({ runId: run.id, profileId: id });

    const asHost = server.client({ apiToken: start.runToken });
    const launch = await asHost.call(apiProfileLaunchCall, { id: id!, deviceKey: host.device.publicKey, deviceName: 'Rack 1' });
    // The secrets are sealed to the host's key; the lease is the person's, on the host.
    expect(host.device.open(launch.sealed, id!).syncKey).toBeTruthy();
    expect(launch.lease).toMatchObject({ device: 'Rack 1', by: owner.username });
    await refusal(asHost.call(apiProfileLaunchCall, { id: other!, deviceKey: host.device.publicKey }), Code.NOT_FOUND);
    await refusal(asHost.call(apiProfileLaunchCall, { id: id!, deviceKey: newDevice().publicKey }), Code.PERMISSION_DENIED);
    await refusal(asHost.call(apiProfileListCall, {}), Code.PERMISSION_DENIED);
    await refusal(asHost.call(apiProfileLeaseBeatCall, { ids: [id!, other!], deviceKey: host.device.publicKey }), Code.NOT_FOUND);
    expect((await asHost.call(apiProfileLeaseBeatCall, { ids: [id!], deviceKey: host.device.publicKey })).leases[0]).toMatchObject({ state: 'held' });

    // One live browser per profile: a desktop elsewhere is refused while the host holds it.
    await refusal(owner.client.call(profileLaunchCall, { id: id!, deviceKey: newDevice().publicKey }), Code.PROFILE_OPEN_ELSEWHERE);

    host.report({ type: 'started', runId: run.id, width: 1920, height: 1080 });
    await expect.poll(async () => (await owner.client.call(remoteListCall, { runId: run.id })).list[0]?.state).toBe('running');
    expect((await owner.client.call(remoteListCall, {})).list.map((r) => r.id)).toContain(run.id);
    // Opening it again answers the same run (to watch it).
    expect((await owner.client.call(remoteOpenCall, { profileId: id!, hostId: row!.id })).run.id).toBe(run.id);

    await owner.client.call(remoteStopCall, { runId: run.id });
    expect(await host.next('stop')).toEqual({ type: 'stop', runId: run.id });
    host.report({ type: 'stopped', runId: run.id });
    await expect.poll(async () => (await owner.client.call(remoteListCall, { runId: run.id })).list[0]?.state).toBe('stopped');
    // An ended run's token carries its closing for a while — the last save of what the browser
    // held, the lease given back — and nothing else: no launch, no reading of the state.
    const deviceKey = host.device.publicKey;
    expect((await asHost.call(apiProfileLeaseBeatCall, { ids: [id!], deviceKey })).leases[0]).toMatchObject({ state: 'held' });
    expect(await asHost.call(apiProfileSyncMissingCall, { id: id!, deviceKey, chunks: [] })).toEqual({ missing: [] });
    expect(await asHost.call(apiProfileCookiesCall, { id: id!, cookies: [], grant: launch.grant })).toEqual({ saved: 0 });
    await refusal(asHost.call(apiProfileLaunchCall, { id: id!, deviceKey }), Code.PERMISSION_DENIED);
    server.clock.advance(601);
    try {
      await refusal(asHost.call(apiProfileLeaseBeatCall, { ids: [id!], deviceKey }), Code.API_TOKEN_INVALID);
    } finally {
      server.clock.advance(-601);
    }
    // A host that comes back still running a browser the server ended is told to close it.
    host.report({ type: 'started', runId: run.id, width: 1920, height: 1080 });
    expect(await host.next('stop')).toEqual({ type: 'stop', runId: run.id });
    // Opened again at once, while the host still holds the lease for its last save: the same host may.
    const again = (await owner.client.call(remoteOpenCall, { profileId: id!, hostId: row!.id })).run;
    expect(again.id).not.toBe(run.id);
    expect((await host.next('start')).runId).toBe(again.id);
    host.link.close();
  });

  it('refuses a host that is away, another team\'s host, and a failed start says why', async () => {
    const owner = await signedIn(server);
    const host = await joinHost(server, (await owner.client.call(hostEnrollCall, { passwd: owner.password })).code);
    const [id] = await createProfiles(owner.client, 1);
    const [row] = (await owner.client.call(hostListCall, {})).list;
    const stranger = await signedIn(server);
    const [strangers] = await createProfiles(stranger.client, 1);
    await refusal(stranger.client.call(remoteOpenCall, { profileId: strangers!, hostId: row!.id }), Code.HOST_NOT_FOUND);
    await refusal(stranger.client.call(remoteOpenCall, { profileId: id!, hostId: row!.id }), Code.NOT_FOUND);

    const { run } = await owner.client.call(remoteOpenCall, { profileId: id!, hostId: row!.id });
    // While it starts there, another host of the team is refused, told where it runs and by whom.
    const second = await joinHost(server, (await owner.client.call(hostEnrollCall, { passwd: owner.password, name: 'Rack 2' })).code, 'Rack 2');
    const secondId = (await owner.client.call(hostListCall, {})).list.find((h) => h.name === 'Rack 2')!.id;
    const elsewhere = await refusal(owner.client.call(remoteOpenCall, { profileId: id!, hostId: secondId }), Code.PROFILE_OPEN_ELSEWHERE);
    expect(elsewhere.data).toMatchObject({ device: 'Rack 1', by: owner.username });
    second.link.close();
    host.report({ type: 'failed', runId: (await host.next('start')).runId, reason: 'chromiumFailed' });
    await expect.poll(async () => (await owner.client.call(remoteListCall, { runId: run.id })).list[0]).toMatchObject({ state: 'failed', failure: 'chromiumFailed' });

    host.link.close();
    await expect.poll(async () => (await owner.client.call(hostListCall, {})).list[0]?.online).toBe(false);
    await refusal(owner.client.call(remoteOpenCall, { profileId: id!, hostId: row!.id }), Code.HOST_OFFLINE);
  });

  it.skipIf(!hasXvnc || !hasXclip)('streams the host\'s display to viewers with a ticket; one controls, watchers\' input stops at the server; revoking ends a stream within seconds', async () => {
    const owner = await signedIn(server);
    const host = await joinHost(server, (await owner.client.call(hostEnrollCall, { passwd: owner.password })).code);
    const recipient = await signedIn(server);
    const [id] = await createProfiles(owner.client, 1);
    await owner.client.call(profileShareCall, { mode: 'accounts', ids: [id!], accounts: [recipient.username], permission: 'run' });
    // The recipient sees the owner's team's hosts for that profile, and opens it there.
    const [row] = (await recipient.client.call(hostListCall, { profileId: id! })).list;
    expect(row).toMatchObject({ name: 'Rack 1' });
    expect((await recipient.client.call(hostListCall, {})).list).toEqual([]);
    const { run } = await recipient.client.call(remoteOpenCall, { profileId: id!, hostId: row!.id });
    const start = await host.next('start');
    const display = startXvnc();
    await display.ready;
    try {
      host.report({ type: 'started', runId: start.runId, width: 1280, height: 800 });
      await expect.poll(async () => (await recipient.client.call(remoteListCall, { runId: run.id })).list[0]?.state).toBe('running');
      // The list of live runs holds the profiles that reach each person (own, shared), and no one else's.
      expect((await recipient.client.call(remoteListCall, {})).list.map((r) => r.id)).toEqual([run.id]);
      expect((await owner.client.call(remoteListCall, {})).list.map((r) => r.id)).toEqual([run.id]);
      const stranger = await signedIn(server);
      expect((await stranger.client.call(remoteListCall, {})).list).toEqual([]);

      // The recipient opened it: its viewer controls. The owner watches.
      const controller = await openViewer(server, recipient.client, run.id);
      const hostSide = await serveStream(server, host, (await host.next('stream')).streamId, display.socketPath);
      expect(await controller.viewer.handshake()).toEqual({ width: 1280, height: 800 });
      const watcher = await openViewer(server, owner.client, run.id);
      await serveStream(server, host, (await host.next('stream')).streamId, display.socketPath);
      await watcher.viewer.handshake();
      const seen = (await owner.client.call(remoteListCall, { runId: run.id })).list[0]!.viewers;
      expect(seen).toEqual(expect.arrayContaining([
        expect.objectContaining({ id: controller.viewerId, name: recipient.username, controlling: true, yours: false }),
        expect.objectContaining({ id: watcher.viewerId, name: owner.username, controlling: false, yours: true }),
      ]));

      // The controller's clipboard reaches the display; the watcher's stops at the server.
      controller.viewer.sendClipboard('from the controller');
      await expect.poll(display.clipboard, { timeout: 5000 }).toBe('from the controller');
      watcher.viewer.sendClipboard('from the watcher');
      await new Promise((r) => setTimeout(r, 700));
      expect(display.clipboard()).toBe('from the controller');

      // Control handed over: now the owner's clipboard passes, and the recipient's no longer.
      await refusal(owner.client.call(remoteControlCall, { runId: run.id, viewerId: watcher.viewerId, action: 'handOver', to: controller.viewerId }), Code.REMOTE_NOT_CONTROLLER);
      await recipient.client.call(remoteControlCall, { runId: run.id, viewerId: controller.viewerId, action: 'handOver', to: watcher.viewerId });
      watcher.viewer.sendClipboard('now the owner');
      await expect.poll(display.clipboard, { timeout: 5000 }).toBe('now the owner');
      controller.viewer.sendClipboard('recipient again');
      await new Promise((r) => setTimeout(r, 700));
      expect(display.clipboard()).toBe('now the owner');

      // A ticket opens one socket; a made-up one none; a stranger gets none.
      const { ticket } = await owner.client.call(remoteTicketCall, { runId: run.id });
      const url = `${server.baseUrl.replace('http', 'ws')}/v2/remote/stream?ticket=${encodeURIComponent(ticket)}`;
      const first = new WebSocket(url);
      await new Promise((resolve) => first.once('open', resolve));
      expect((await socketOutcome(new WebSocket(url))).status).toBe(401);
      expect((await socketOutcome(new WebSocket(`${server.baseUrl.replace('http', 'ws')}/v2/remote/stream?ticket=fgs_made-up`))).status).toBe(401);
      first.close();
      await refusal(stranger.client.call(remoteTicketCall, { runId: run.id }), Code.REMOTE_RUN_NOT_FOUND);
      // A page of another site cannot open one, whoever's ticket it carries.
      const foreign = await socketOutcome(new WebSocket(`${url}x`, { headers: { origin: 'https://evil.example' } }));
      expect(foreign.status).toBe(403);

      // Revoked: the recipient's stream ends within seconds, with the code that says so.
      const revokedAt = Date.now();
      const recipientClosed = socketOutcome(controller.viewer.ws);
      await owner.client.call(profileUnshareCall, { ids: [id!], accountIds: [(await recipient.client.call(memberCall, {})).member.id] });
      expect((await recipientClosed).closeCode).toBe(4003);
      expect(Date.now() - revokedAt).toBeLessThan(5000);
      await refusal(recipient.client.call(remoteTicketCall, { runId: run.id }), Code.REMOTE_RUN_NOT_FOUND);

      // Signed out: the owner's own stream ends too.
      const ownerClosed = socketOutcome(watcher.viewer.ws);
      await owner.client.call(logoutCall, {});
      expect((await ownerClosed).closeCode).toBe(4003);
      hostSide.close();
    } finally {
      display.stop();
      host.link.close();
    }
  });

  it.skipIf(!hasXvnc)('ends a viewer\'s stream within seconds when its team\'s plan expires beyond the free allowance', async () => {
    // A server whose free allowance is one profile; a plan of 20 ending in a minute, and two
    // profiles: the clock moves two minutes (sessions outlive that).
    const limited = await startTestServer({ FACET_FREE_PROFILES: '1', FACET_FREE_SUB_ACCOUNTS: '0' });
    const owner = await signedIn(limited);
    const { member } = await owner.client.call(memberCall, {});
    await limited.facet.database.db.updateTable('accounts').set({ plan_id: null, plan_profiles: 20, plan_sub_accounts: 2, plan_expires_at: limited.clock.now() + 60_000 }).where('id', '=', member.id).execute();
    const [id] = await createProfiles(owner.client, 2);
    const host = await joinHost(limited, (await owner.client.call(hostEnrollCall, { passwd: owner.password })).code);
    const [row] = (await owner.client.call(hostListCall, {})).list;
    const { run } = await owner.client.call(remoteOpenCall, { profileId: id!, hostId: row!.id });
    const start = await host.next('start');
    const display = startXvnc();
    await display.ready;
    try {
      host.report({ type: 'started', runId: start.runId, width: 1280, height: 800 });
      await expect.poll(async () => (await owner.client.call(remoteListCall, { runId: run.id })).list[0]?.state).toBe('running');
      const { viewer } = await openViewer(limited, owner.client, run.id);
      const hostSide = await serveStream(limited, host, (await host.next('stream')).streamId, display.socketPath);
      expect(await viewer.handshake()).toEqual({ width: 1280, height: 800 });
      const closed = socketOutcome(viewer.ws);
      const expiredAt = Date.now();
      limited.clock.advance(120);
      expect((await owner.client.call(memberCall, {})).member.subscription).toMatchObject({ expired: true, restricted: true });
      expect((await closed).closeCode).toBe(4003);
      expect(Date.now() - expiredAt).toBeLessThan(5000);
      await refusal(owner.client.call(remoteTicketCall, { runId: run.id }), Code.PLAN_EXPIRED);
      hostSide.close();
    } finally {
      display.stop();
      host.link.close();
      await limited.close();
    }
  });

  it('survives what no host or viewer sends: bad link messages, oversized frames, unknown socket paths, a viewer that does not speak RFB', async () => {
    const owner = await signedIn(server);
    const host = await joinHost(server, (await owner.client.call(hostEnrollCall, { passwd: owner.password })).code);
    const [id] = await createProfiles(owner.client, 1);
    const [row] = (await owner.client.call(hostListCall, {})).list;
    // Messages that are not reports are dropped; the link stays and still works.
    for (const text of ['', 'null', '[]', '{', '{"type":"started","runId":{}}', '{"type":"load","load":{"cores":-1}}', '\u0000\uffff']) host.link.send(text);
    host.report({ type: 'load', load: { cores: 4, cpuPercent: 1, memoryUsedMb: 1, memoryTotalMb: 2, profiles: 0, streams: 0 } });
    await expect.poll(async () => (await owner.client.call(hostListCall, {})).list[0]?.load?.cores).toBe(4);
    // A binary frame, or a text frame over the link's limit, ends that link and nothing else.
    const binaryClosed = socketOutcome(host.link);
    host.link.send(Buffer.from([1, 2, 3]));
    expect((await binaryClosed).closeCode).toBe(1003);
    const again = new WebSocket(`${server.baseUrl.replace('http', 'ws')}${HOST_LINK_PATH}`, { headers: { authorization: `Bearer ${host.token}` } });
    await new Promise((resolve) => again.once('open', resolve));
    const oversizeClosed = socketOutcome(again);
    again.send('x'.repeat(20_000));
    expect((await oversizeClosed).closeCode).toBe(1009);
    // Unknown upgrade paths, and a stream socket for a stream no viewer opened, are refused.
    expect((await socketOutcome(new WebSocket(`${server.baseUrl.replace('http', 'ws')}/v2/nothing`))).status).toBe(404);
    expect((await socketOutcome(new WebSocket(`${server.baseUrl.replace('http', 'ws')}${HOST_STREAM_PATH}${'a'.repeat(22)}`, { headers: { authorization: `Bearer ${host.token}` } }))).status).toBe(404);
    expect((await socketOutcome(new WebSocket(`${server.baseUrl.replace('http', 'ws')}${HOST_STREAM_PATH}../../etc`, { headers: { authorization: `Bearer ${host.token}` } }))).status).toBe(404);
    // A join with a body that is not one is refused with a code, not a fault.
    const badJoin = await fetch(`${server.baseUrl}${HOST_JOIN_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'AAAA-AAAA-AAAA', name: {}, deviceKey: 'x' }) });
    expect(((await badJoin.json()) as { code: number }).code).toBe(Code.INVALID_INPUT);

    // A viewer whose first bytes are not RFB is cut off at the server; the run goes on.
    const link = new WebSocket(`${server.baseUrl.replace('http', 'ws')}${HOST_LINK_PATH}`, { headers: { authorization: `Bearer ${host.token}` } });
    await new Promise((resolve) => link.once('open', resolve));
    const relinked = new TestHost(link, host.token, host.device);
    const { run } = await owner.client.call(remoteOpenCall, { profileId: id!, hostId: row!.id });
    relinked.report({ type: 'started', runId: (await relinked.next('start')).runId, width: 800, height: 600 });
    await expect.poll(async () => (await owner.client.call(remoteListCall, { runId: run.id })).list[0]?.state).toBe('running');
    const { viewer } = await openViewer(server, owner.client, run.id);
    const hostSide = new WebSocket(`${server.baseUrl.replace('http', 'ws')}${HOST_STREAM_PATH}${(await relinked.next('stream')).streamId}`, { headers: { authorization: `Bearer ${host.token}` } });
    await new Promise((resolve) => hostSide.once('open', resolve));
    hostSide.send(Buffer.from('RFB 003.008\n'));
    const cut = socketOutcome(viewer.ws);
    viewer.ws.send(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
    expect((await cut).closeCode).toBe(4008);
    expect((await owner.client.call(remoteListCall, { runId: run.id })).list[0]).toMatchObject({ state: 'running', viewers: [] });
    link.close();
  });
});
