import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ApiClient } from '@facet/api-client';
import { hostEnrollCall, hostListCall, loginCall, profileCreateCall, remoteListCall, remoteOpenCall, remoteStopCall, remoteTicketCall, type RemoteRun } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiClientFor, signUpByApi } from '../support/accounts.ts';
import { startHostAgent, untilOnHost, type HostAgent } from '../support/hostAgent.ts';
import { startIdentityPages, type IdentityPages } from '../support/identityPages.ts';
import { startStack, type Stack } from '../support/processes.ts';

/**
 * A host of a team (host mode, `npm run host`) against the real server: it joins with the
 * one-time code its main account made, links to the server, runs a profile for remote use on a
 * display of the profile's own screen size, joins a viewer's ticketed stream to that display,
 * reports its load, and closes the run when asked; a start that fails says why.
 */
const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

let stack: Stack;
let pages: IdentityPages;
let host: HostAgent;
let owner: ApiClient;
let hostId: string;
let tokenOnDisk: string;

beforeAll(async () => {
  pages = await startIdentityPages();
  stack = await startStack();
  const person = await signUpByApi(stack);
  owner = await apiClientFor(stack);
  owner.adopt(await owner.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 }));
  const { code } = await owner.call(hostEnrollCall, { passwd: person.password, name: 'Rack 1' });
  host = await startHostAgent(stack.serverUrl, code, { FACET_IP_CHECK_URL: `${pages.url}/ip` });
  hostId = (await owner.call(hostListCall, {})).list[0]!.id;
  tokenOnDisk = (JSON.parse(fs.readFileSync(path.join(host.dataDir, 'host-token.json'), 'utf8')) as { token: string }).token;
});

afterAll(async () => {
  await host?.stop();
  await stack?.stop();
  await pages?.close();
  if (host) fs.rmSync(host.dataDir, { recursive: true, force: true });
});

/** Waits for `find`; on time out, names what and shows the host's last output. */
const until = <T,>(find: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string, timeoutMs?: number) => untilOnHost(host, find, what, timeoutMs);

const runOf = async (id: string): Promise<RemoteRun | undefined> => (await owner.call(remoteListCall, { runId: id })).list[0];

async function createProfile(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const { profile } = await owner.call(profileCreateCall, {
    settings: { name, groupId: '0', os: 'windows', userAgent: ua, resolution: '1280x800', kernelVersion: '156', language: 'de-DE', timezone: 'Europe/Berlin', startPage: `${pages.url}/`, ...extra },
  });
  return profile.id;
}

describe('a host of the team', () => {
  it('keeps its token owner-only, never prints it, and shows the team its load', async () => {
    expect(fs.statSync(path.join(host.dataDir, 'host-token.json')).mode & 0o777).toBe(0o600);
    expect(tokenOnDisk).toMatch(/^fht_/);
    expect(host.started.output()).not.toContain(tokenOnDisk);
    await until(async () => (await owner.call(hostListCall, {})).list[0]?.load, 'a load report');
    expect((await owner.call(hostListCall, {})).list[0]).toMatchObject({ name: 'Rack 1', online: true, load: { profiles: 0, streams: 0 } });
  });

  it('runs a profile on a display of its screen, filled by its window; joins a viewer to it; closes it when asked', async () => {
    const profileId = await createProfile('Remote shop');
    const { run } = await owner.call(remoteOpenCall, { profileId, hostId });
    const running = await until(async () => {
      const now = await runOf(run.id);
      if (now?.state === 'failed') throw new Error(`the start failed: ${now.failure}`);
      return now?.state === 'running' && now;
    }, 'the run started');
    expect({ width: running.width, height: running.height }).toEqual({ width: 1280, height: 800 });

    // The browser's window fills the display, at its corner. Chromium keeps a window one pixel
    // short of the screen on X (it does so for --window-size and Browser.setWindowBounds alike,
    // and maximizing needs a window manager the display has not): 1279x799 on 1280x800.
    const display = /display (:\d+) \(1280x800\)/.exec(host.started.output())![1]!;
    const runs = path.join(host.dataDir, 'runs');
    const [runDir] = fs.readdirSync(runs).map((name) => path.join(runs, name));
    expect(fs.statSync(runDir!).mode & 0o777).toBe(0o700);
    const xenv = { ...process.env, DISPLAY: display, XAUTHORITY: path.join(runDir!, 'Xauthority') };
    const windows = () => execFileSync('xwininfo', ['-root', '-children'], { env: xenv, encoding: 'utf8' });
    await until(() => /"Chromium-browser"\)\s+12(79|80)x(799|800)\+0\+0/.test(windows()), 'a window of the display\'s size at 0,0', 20_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${windows()}`);
    });
    // Without the display's cookie, another program of this machine cannot open it.
    expect(() => execFileSync('xwininfo', ['-root'], { env: { ...process.env, DISPLAY: display, XAUTHORITY: '/nonexistent' }, stdio: 'pipe' })).toThrow();

    // A viewer's stream through the server reaches the display: its RFB handshake says its size.
    const { ticket, path: streamPath } = await owner.call(remoteTicketCall, { runId: run.id });
    const viewer = new WebSocket(`${stack.serverUrl.replace('http', 'ws')}${streamPath}?ticket=${encodeURIComponent(ticket)}`);
    let received = Buffer.alloc(0);
    viewer.on('message', (data) => (received = Buffer.concat([received, data as Buffer])));
    await new Promise((resolve, reject) => viewer.once('open', resolve).once('error', reject));
    await until(() => received.length >= 12, 'the RFB version');
    expect(received.subarray(0, 12).toString('latin1')).toBe('RFB 003.008\n');
    viewer.send(Buffer.from('RFB 003.008\n'));
    await until(() => received.length >= 14, 'the security types');
    viewer.send(Buffer.from([1]));
    await until(() => received.length >= 18, 'the security result');
    expect(received.readUInt32BE(14)).toBe(0);
    viewer.send(Buffer.from([1]));
    await until(() => received.length >= 18 + 24, 'the server init');
    expect([received.readUInt16BE(18), received.readUInt16BE(20)]).toEqual([1280, 800]);
    await until(async () => {
      const load = (await owner.call(hostListCall, {})).list[0]?.load;
      return load?.profiles === 1 && load.streams === 1;
    }, 'a load with the run and its stream', 20_000);

    // Stopped from the console: the viewer's stream ends with "the run ended", the display goes.
    const closed = new Promise<number>((resolve) => viewer.once('close', resolve));
    await owner.call(remoteStopCall, { runId: run.id });
    expect(await closed).toBe(4000);
    await until(async () => (await runOf(run.id))?.state === 'stopped', 'the run stopped');
    await until(() => !fs.existsSync(runDir!), 'the run folder removed', 15_000);
    expect(fs.existsSync(`/tmp/.X11-unix/X${display.slice(1)}`)).toBe(false);
  });

  it('reports a start that fails with the desktop client\'s reason', async () => {
    // A proxy nothing answers: the start stops at the proxy check, as on a desktop.
    const profileId = await createProfile('Broken proxy', { proxy: { type: 'http', host: '127.0.0.1', port: 9, username: '', password: '' } });
    const { run } = await owner.call(remoteOpenCall, { profileId, hostId });
    const failed = await until(async () => {
      const now = await runOf(run.id);
      return now?.state === 'failed' && now;
    }, 'the run failed');
    expect(failed.failure).toBe('refused');
  });
});
