import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { profileSchema } from '@facet/contracts';
import { launchBrowser, type LaunchedBrowser } from '../apps/agent/src/browser/launch/launchBrowser.ts';
import { discoverChromium } from '../apps/agent/src/browser/machine/discoverChromium.ts';
import { platformBuildsCache } from '../apps/agent/src/config.ts';
import { loopbackOnlyArgs } from '../apps/agent/src/core/profileLauncher.ts';
import { Synchronizer } from '../apps/agent/src/synchronizer/synchronizer.ts';

/**
 * The window synchronizer's delay from a leader's click to the last follower's replayed click,
 * as each page's own listener stamps them (Date.now, one clock), for 1, 5 and 20 headless
 * followers: with the followers' human delays off (the machinery alone: capture, binding, the
 * element located in each follower, Input.dispatchMouseEvent) and with the default 20–90 ms.
 * The leader is clicked with CDP Input on its own session, as a person's click arrives.
 */
const CLICKS = Number(process.env.BENCH_SYNC_CLICKS ?? 20);
const COUNTS = (process.env.BENCH_SYNC_FOLLOWERS ?? '1,5,20').split(',').map(Number);

const PAGE = `<!doctype html><html><body><button id="go" style="position:absolute;left:40px;top:40px;width:160px;height:60px">Go</button>
<script>window.clicks = []; document.getElementById('go').addEventListener('click', () => clicks.push(Date.now()));</script></body></html>`;

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;

async function pageSession(browser: LaunchedBrowser): Promise<string> {
  const { targetInfos } = await browser.connection.send<{ targetInfos: { targetId: string; type: string }[] }>('Target.getTargets');
  const page = targetInfos.find((t) => t.type === 'page')!;
  const { sessionId } = await browser.connection.send<{ sessionId: string }>('Target.attachToTarget', { targetId: page.targetId, flatten: true });
  return sessionId;
}

async function clicksOf(browser: LaunchedBrowser, sessionId: string): Promise<number[]> {
  const { result } = await browser.connection.send<{ result: { value: number[] } }>('Runtime.evaluate', { expression: 'clicks', returnByValue: true }, sessionId);
  return result.value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchSynchronizer(): Promise<string> {
  const chromium = discoverChromium();
  if (!chromium) throw new Error('no Chromium: install chromium or set CHROME_PATH');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-bench-sync-'));
  const site = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/form`;
  const launch = (id: string) =>
    launchBrowser(
      profileSchema.parse({
        id, serial: 1, groupName: '', createdAt: 0, lastUsedAt: null, owner: { id: 'bench', name: 'bench' }, members: [], sharer: null, permission: 'full',
        name: id, groupId: '0', os: 'windows', kernelVersion: '156', resolution: '1366x768', language: 'de-DE,de', timezone: 'Europe/Berlin', startPage: url,
        userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
        fingerprint: { portScanProtection: { enabled: false } },
      }),
      { chromium, platformBuilds: platformBuildsCache(), profilesDir: root, extraArgs: loopbackOnlyArgs, ipCheckUrl: 'http://127.0.0.1:9/ip', headless: true, openDebugPort: false, mayRunProfileCode: true, env: process.env, onError: () => {}, saveCookies: async () => {}, extensions: async () => [], geo: async () => null },
    );
  const browsers = new Map<string, LaunchedBrowser>();
  const rows: string[] = [];
  try {
    const most = Math.max(...COUNTS);
    // A few at a time: two CPUs start twenty Chromiums slowly, all at once they time out.
    const ids = ['leader', ...Array.from({ length: most }, (_, i) => `follower${i + 1}`)];
    for (let i = 0; i < ids.length; i += 4) {
      const started = await Promise.all(ids.slice(i, i + 4).map(async (id) => [id, await launch(id)] as const));
      for (const [id, browser] of started) browsers.set(id, browser);
    }
    const sessions = new Map<string, string>();
    for (const [id, browser] of browsers) sessions.set(id, await pageSession(browser));
    // The start pages loaded (the button is there) before the first click.
    for (const [id, browser] of browsers) {
      for (let i = 0; i < 100; i++) {
        const { result } = await browser.connection.send<{ result: { value: boolean } }>('Runtime.evaluate', { expression: 'Array.isArray(window.clicks)', returnByValue: true }, sessions.get(id)!);
        if (result.value) break;
        await sleep(100);
      }
    }
    const leader = browsers.get('leader')!;
    const synchronizer = new Synchronizer({ browser: (id) => browsers.get(id) ?? null }, () => {});
    for (const delays of [{ minDelayMs: 0, maxDelayMs: 0 }, { minDelayMs: 20, maxDelayMs: 90 }]) {
      for (const count of COUNTS) {
        const followers = ids.slice(1, count + 1);
        await synchronizer.start('leader', followers, { ...delays, jitterPx: 3 });
        const lags: number[] = [];
        for (let n = 0; n < CLICKS; n++) {
          const before = await Promise.all(['leader', ...followers].map(async (id) => (await clicksOf(browsers.get(id)!, sessions.get(id)!)).length));
          const x = 80 + (n % 5) * 10;
          await leader.connection.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y: 70, button: 'left', buttons: 1, clickCount: 1 }, sessions.get('leader')!);
          await leader.connection.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y: 70, button: 'left', buttons: 0, clickCount: 1 }, sessions.get('leader')!);
          let done = false;
          for (let wait = 0; wait < 200 && !done; wait++) {
            await sleep(10);
            const now = await Promise.all(['leader', ...followers].map((id) => clicksOf(browsers.get(id)!, sessions.get(id)!)));
            if (now.every((clicks, i) => clicks.length > before[i]!)) {
              done = true;
              const leaderAt = now[0]!.at(-1)!;
              lags.push(Math.max(...now.slice(1).map((clicks) => clicks.at(-1)!)) - leaderAt);
            }
          }
          if (!done) throw new Error(`a follower of ${count} missed click ${n}`);
        }
        await synchronizer.stop();
        rows.push(`| ${count} | ${delays.maxDelayMs === 0 ? 'off' : `${delays.minDelayMs}–${delays.maxDelayMs} ms`} | ${quantile(lags, 0.5)} ms | ${quantile(lags, 0.95)} ms | ${Math.max(...lags)} ms |`);
      }
    }
  } finally {
    await Promise.all([...browsers.values()].map((b) => b.stop().catch(() => undefined)));
    site.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
  return [
    '',
    `## ${new Date().toISOString().slice(0, 10)} — window synchronizer — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
    '',
    `From a click in the leader (CDP Input on its page) to the last follower's replayed click, as the pages' own listeners stamp them; ${CLICKS} clicks each, headless profiles, all on this one machine.`,
    '',
    '| Followers | Followers\u2019 delays | p50 | p95 | max |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
