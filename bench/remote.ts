import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ApiClient, memoryCredentialStore } from '@facet/api-client';
import { hostEnrollCall, hostListCall, loginCall, profileCreateCall, publicConfigSchema, remoteListCall, remoteOpenCall, remoteStopCall, remoteTicketCall } from '@facet/contracts';
import { operatorCli } from './lib/operatorCli.ts';
import { RfbViewer, type ChangedRect } from './lib/rfbViewer.ts';
import { repoRoot, startServer } from './lib/serverProcess.ts';

/**
 * Profiles opened remotely, as a viewer gets them: for 1 and 10 profiles streamed from one host
 * on this machine, each at a 1920x1080 screen — the delay from a key sent by the viewer to the
 * first update carrying the pixels it changed, the updates per second of a page that animates
 * every frame, the bytes per second of each stream, and the host's processor and memory per
 * streaming profile. The baseline, in the same run: the same viewer directly on the display's
 * VNC socket (no server between), so the ratio is what the server's relay and filter cost.
 * Viewers here are Node clients asking for ZRLE (bench/lib/rfbViewer.ts); the server, the host
 * agent, its Xvnc and Chromium and the viewers share the machine's cores.
 */
const COUNTS = (process.env.BENCH_REMOTE_PROFILES ?? '1,10').split(',').map(Number);
const KEYS = Number(process.env.BENCH_REMOTE_KEYS ?? 20);
const SECONDS = Number(process.env.BENCH_REMOTE_SECONDS ?? 10);
const RESOLUTION = process.env.BENCH_REMOTE_RESOLUTION ?? '1920x1080';
const EMAIL = 'remote-bench@example.test';
const PASSWORD = 'bench password 1';
const WINDOWS_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** A square that changes colour at each `a`; from `s` on, a counter that changes every frame far from it. */
const PAGE = `<!doctype html><html><body style="margin:0;background:#fff">
<div id="marker" style="position:fixed;left:40px;top:160px;width:300px;height:300px;background:#fff"></div>
<div id="anim" style="position:fixed;left:700px;top:100px;width:700px;height:420px;font:160px monospace"></div>
<script>
let on = false, moving = false, n = 0;
const marker = document.getElementById('marker'), anim = document.getElementById('anim');
function tick() { n++; anim.textContent = n; anim.style.background = 'hsl(' + (n * 7 % 360) + ',70%,60%)'; if (moving) requestAnimationFrame(tick); }
document.addEventListener('keydown', (e) => {
  if (e.key === 'a') { on = !on; marker.style.background = on ? '#d22' : '#2d2'; }
  if (e.key === 's' && !moving) { moving = true; requestAnimationFrame(tick); }
});
</script></body></html>`;
/** Where the square can be on the screen (the page starts below the browser's tab strip and toolbar). */
const MARKER = { x: 40, y: 160, w: 300, h: 300 + 160 };

const quantile = (values: number[], q: number) => (values.length === 0 ? NaN : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const touches = (r: ChangedRect) => r.x < MARKER.x + MARKER.w && r.x + r.w > MARKER.x && r.y < MARKER.y + MARKER.h && r.y + r.h > MARKER.y;

/** Key presses to the square, one at a time; each delay from the send to the update that shows it. */
async function keyDelays(viewer: RfbViewer, presses: number): Promise<number[]> {
  const delays: number[] = [];
  for (let i = 0; i < presses; i++) {
    const sent = performance.now();
    const seen = new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        stop();
        resolve(null);
      }, 3000);
      const stop = viewer.onUpdate((rects, at) => {
        if (!rects.some(touches)) return;
        clearTimeout(timer);
        stop();
        resolve(at - sent);
      });
    });
    viewer.key(0x61);
    const delay = await seen;
    if (delay !== null) delays.push(delay);
    await sleep(250 + Math.random() * 100);
  }
  return delays;
}

/** Processor seconds of a process and everything below it, and their proportional memory, from /proc. */
function treeOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]!) ?? []));
  return all;
}

function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}

function pssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

interface Measured {
  profiles: number;
  direct: { keyP50: number; keyP95: number; fps: number } | null;
  relayed: { keyP50: number; keyP95: number; keyMissed: number; fps: number; fpsMin: number; kbPerSecond: number };
  /** With several open, only the first one's page animating: its frames and bytes, and the host's CPU. */
  oneBusy: { fps: number; kbPerSecond: number; hostCpuPercent: number } | null;
  hostCpuPercentPerProfile: number;
  hostMbPerProfile: number;
  serverCpuPercent: number;
}

/** Updates per second and bytes per second of each viewer over SECONDS, and the processes' CPU meanwhile. */
async function watchAnimation(viewers: RfbViewer[], hostPid: number, serverPid: number) {
  const hostTree = treeOf(hostPid);
  const before = viewers.map((v) => ({ updates: v.updates, bytes: v.bytes }));
  const cpu0 = { host: cpuSeconds(hostTree), server: cpuSeconds([serverPid]) };
  await sleep(SECONDS * 1000);
  const cpu1 = { host: cpuSeconds(treeOf(hostPid)), server: cpuSeconds([serverPid]) };
  return {
    fps: viewers.map((v, i) => (v.updates - before[i]!.updates) / SECONDS),
    kbPerSecond: viewers.map((v, i) => (v.bytes - before[i]!.bytes) / SECONDS / 1024),
    hostCpuPercent: ((cpu1.host - cpu0.host) / SECONDS) * 100,
    serverCpuPercent: ((cpu1.server - cpu0.server) / SECONDS) * 100,
    hostMb: pssMb(treeOf(hostPid)),
  };
}

export async function benchRemote(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-bench-remote-'));
  const hostDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-bench-host-'));
  const site = http.createServer((request, response) => {
    if (request.url === '/ip') return response.writeHead(200, { 'content-type': 'application/json' }).end('{"ip":"127.0.0.1"}');
    response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const env = { FACET_DATA_DIR: dataDir, DATABASE_URL: '' };
  const server = await startServer(env, 18490);
  let hostAgent: ChildProcess | null = null;
  const results: Measured[] = [];
  try {
    operatorCli(env, 'create-user', '--email', EMAIL, '--password', PASSWORD);
    const { signKey } = publicConfigSchema.parse(await (await fetch(`${server.url}/config.json`)).json());
    const client = new ApiClient({ baseUrl: server.url, signKey, credentials: memoryCredentialStore(null), getLanguage: () => 0 });
    client.adopt(await client.call(loginCall, { account: EMAIL, passwd: PASSWORD, isKeep: 1 }));
    const { code } = await client.call(hostEnrollCall, { passwd: PASSWORD, name: 'bench host' });
    const agent = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/agent/src/hostMain.ts')], {
      cwd: repoRoot,
      env: { ...process.env, FACET_SERVER_URL: server.url, FACET_HOST_CODE: code, FACET_HOST_NAME: 'bench host', FACET_AGENT_DATA_DIR: hostDir, FACET_BROWSER_LOOPBACK_ONLY: '1', FACET_IP_CHECK_URL: `${siteUrl}/ip` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    hostAgent = agent;
    let output = '';
    agent.stdout!.on('data', (d) => (output += d));
    agent.stderr!.on('data', (d) => (output += d));
    for (const deadline = Date.now() + 60_000; !/host linked to/.test(output); ) {
      if (Date.now() > deadline || agent.exitCode !== null) throw new Error(`the host did not link:\n${output}`);
      await sleep(200);
    }
    const hostId = (await client.call(hostListCall, {})).list[0]!.id;
    const profileIds: string[] = [];
    for (let i = 0; i < Math.max(...COUNTS); i++) {
      const { profile } = await client.call(profileCreateCall, {
        settings: { name: `Remote ${i + 1}`, groupId: '0', os: 'windows', userAgent: WINDOWS_UA, resolution: RESOLUTION, kernelVersion: '156', startPage: `${siteUrl}/`, language: 'en-US', timezone: 'Europe/Berlin', fingerprint: { portScanProtection: { enabled: false } } },
      });
      profileIds.push(profile.id);
    }

    for (const count of COUNTS) {
      const runs = [];
      for (const profileId of profileIds.slice(0, count)) runs.push((await client.call(remoteOpenCall, { profileId, hostId })).run.id);
      for (const deadline = Date.now() + 180_000; ; ) {
        const states = await Promise.all(runs.map(async (id) => (await client.call(remoteListCall, { runId: id })).list[0]?.state));
        if (states.every((s) => s === 'running')) break;
        if (states.some((s) => s === 'failed') || Date.now() > deadline) throw new Error(`runs did not all start: ${states.join(',')}\n${output.slice(-3000)}`);
        await sleep(500);
      }
      // The page settles (its first paint, fonts) before anything is timed.
      await sleep(3000);
      const [width, height] = RESOLUTION.split('x').map(Number) as [number, number];
      let direct: Measured['direct'] = null;
      if (count === 1) {
        const socket = fs.readdirSync(path.join(hostDir, 'runs')).map((d) => path.join(hostDir, 'runs', d, 'vnc.sock')).find((p) => fs.existsSync(p));
        if (socket) {
          const viewer = await RfbViewer.overSocket(socket);
          viewer.pointer(Math.floor(width / 2), height - 100);
          await sleep(500);
          const delays = await keyDelays(viewer, KEYS);
          viewer.close();
          direct = { keyP50: quantile(delays, 0.5), keyP95: quantile(delays, 0.95), fps: NaN };
        }
      }
      const viewers = await Promise.all(
        runs.map(async (runId) => {
          const { ticket, path: streamPath } = await client.call(remoteTicketCall, { runId });
          return RfbViewer.overWebSocket(`${server.url.replace('http', 'ws')}${streamPath}?ticket=${encodeURIComponent(ticket)}`);
        }),
      );
      for (const viewer of viewers) viewer.pointer(Math.floor(width / 2), height - 100);
      await sleep(500);
      const delays = (await Promise.all(viewers.map((viewer) => keyDelays(viewer, KEYS)))).flat();
      // Several open, one in use: the first page animates, the others stay as they are.
      let oneBusy: { fps: number; kbPerSecond: number; hostCpuPercent: number } | null = null;
      if (count > 1) {
        viewers[0]!.key(0x73);
        await sleep(2000);
        const watchedOne = await watchAnimation(viewers, agent.pid!, server.pid);
        oneBusy = { fps: watchedOne.fps[0]!, kbPerSecond: watchedOne.kbPerSecond[0]!, hostCpuPercent: watchedOne.hostCpuPercent };
      }
      for (const viewer of viewers) viewer.key(0x73);
      await sleep(2000);
      const watched = await watchAnimation(viewers, agent.pid!, server.pid);
      if (direct) {
        // The same animation seen directly on the display, after the relayed one: the baseline.
        const socket = fs.readdirSync(path.join(hostDir, 'runs')).map((d) => path.join(hostDir, 'runs', d, 'vnc.sock')).find((p) => fs.existsSync(p))!;
        for (const viewer of viewers) viewer.close();
        const viewer = await RfbViewer.overSocket(socket);
        await sleep(1000);
        const from = viewer.updates;
        await sleep(SECONDS * 1000);
        direct.fps = (viewer.updates - from) / SECONDS;
        viewer.close();
      } else for (const viewer of viewers) viewer.close();
      results.push({
        profiles: count,
        direct,
        relayed: {
          keyP50: quantile(delays, 0.5),
          keyP95: quantile(delays, 0.95),
          keyMissed: count * KEYS - delays.length,
          fps: watched.fps.reduce((a, b) => a + b, 0) / watched.fps.length,
          fpsMin: Math.min(...watched.fps),
          kbPerSecond: watched.kbPerSecond.reduce((a, b) => a + b, 0) / watched.kbPerSecond.length,
        },
        oneBusy,
        hostCpuPercentPerProfile: watched.hostCpuPercent / count,
        hostMbPerProfile: watched.hostMb / count,
        serverCpuPercent: watched.serverCpuPercent,
      });
      for (const runId of runs) await client.call(remoteStopCall, { runId });
      for (const deadline = Date.now() + 60_000; fs.existsSync(path.join(hostDir, 'runs')) && fs.readdirSync(path.join(hostDir, 'runs')).length > 0 && Date.now() < deadline; ) await sleep(500);
    }
  } finally {
    hostAgent?.kill('SIGTERM');
    await server.stop();
    site.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(hostDir, { recursive: true, force: true });
  }
  const f = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
  const one = results.find((r) => r.direct);
  return [
    '',
    `## Profiles opened remotely (\`npm run bench -- remote\`, ${new Date().toISOString().slice(0, 10)})`,
    '',
    `One host agent on this machine (${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB), profiles at ${RESOLUTION}, each viewed by one Node viewer through the server's ticketed stream (ZRLE). Key delay: from the viewer's key to the first update carrying the square it recolours (${KEYS} presses per profile). Frames: updates per second while the page changes a 700×420 counter every animation frame. Host CPU and memory: the host agent with its Xvnc and Chromium processes (PSS), per profile. Baseline: one viewer directly on the display's VNC socket. Load average at the end: ${os.loadavg()[0]!.toFixed(1)}.`,
    '',
    '| Profiles (all animating) | key delay p50 / p95 (pages still) | frames/s (mean, slowest) | per stream | host CPU per profile | host memory per profile | server CPU |',
    '|---|---|---|---|---|---|---|',
    ...results.map((r) => `| ${r.profiles} | ${f(r.relayed.keyP50)} / ${f(r.relayed.keyP95)} ms${r.relayed.keyMissed ? ` (${r.relayed.keyMissed} not seen in 3 s)` : ''} | ${f(r.relayed.fps, 1)}, ${f(r.relayed.fpsMin, 1)} | ${f(r.relayed.kbPerSecond)} kB/s | ${f(r.hostCpuPercentPerProfile)} % of a core | ${f(r.hostMbPerProfile)} MB | ${f(r.serverCpuPercent)} % of a core |`),
    '',
    ...results
      .filter((r) => r.oneBusy)
      .map((r) => `With ${r.profiles} open and only one page animating: that one ${f(r.oneBusy!.fps, 1)} frames/s, ${f(r.oneBusy!.kbPerSecond)} kB/s; the host at ${f(r.oneBusy!.hostCpuPercent)} % of a core in all.`),
    '',
    one?.direct
      ? `Baseline (1 profile, directly on the display): key delay p50 / p95 ${f(one.direct.keyP50)} / ${f(one.direct.keyP95)} ms, ${f(one.direct.fps, 1)} frames/s. Through the server: key delay ratio ${f(one.relayed.keyP50 / one.direct.keyP50, 2)} (p50), frames ratio ${f(one.relayed.fps / one.direct.fps, 2)}.`
      : 'Baseline: no display socket found.',
    '',
  ].join('\n');
}
