import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { profileSchema } from '@facet/contracts';
import { CdpConnection } from '../apps/agent/src/browser/cdp/cdp.ts';
import { discoverChromium } from '../apps/agent/src/browser/machine/discoverChromium.ts';
import { launchBrowser } from '../apps/agent/src/browser/launch/launchBrowser.ts';
import { killGroup, spawnChromium } from '../apps/agent/src/browser/launch/spawnChromium.ts';
import { loopbackOnlyArgs } from '../apps/agent/src/core/profileLauncher.ts';
import { platformBuildsCache } from '../apps/agent/src/config.ts';

/**
 * What the agent's DevTools endpoint adds to each CDP round trip a script makes, in one run:
 * `Runtime.evaluate` of a constant in a page, through the endpoint with the mask, without it
 * (`?cdp_mask=0`), and on a bare Chromium's own DevTools port (the baseline: what scripts had
 * before the pipe). Target: the mask adds ≤ 0.2 ms at the median.
 */
const TRIPS = Number(process.env.BENCH_CDP_TRIPS ?? 2000);

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;

/** A script arriving: connect, find the page, attach, evaluate, leave; the time of each arrival. */
async function arrivals(endpoint: string, count = 50): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count + 5; i++) {
    const started = performance.now();
    const cdp = await CdpConnection.open(endpoint);
    const { targetInfos } = await cdp.send<{ targetInfos: { targetId: string; type: string }[] }>('Target.getTargets');
    const page = targetInfos.find((t) => t.type === 'page')!;
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId: page.targetId, flatten: true });
    await cdp.send('Runtime.evaluate', { expression: 'document.readyState', returnByValue: true }, sessionId);
    cdp.close();
    if (i >= 5) times.push(performance.now() - started);
  }
  return times;
}

async function roundTrips(endpoint: string): Promise<number[]> {
  const cdp = await CdpConnection.open(endpoint);
  try {
    const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    const times: number[] = [];
    // The first hundred warm the JIT and the sockets up; they are not counted.
    for (let i = 0; i < TRIPS + 100; i++) {
      const started = performance.now();
      await cdp.send('Runtime.evaluate', { expression: '1', returnByValue: true }, sessionId);
      if (i >= 100) times.push(performance.now() - started);
    }
    await cdp.send('Target.closeTarget', { targetId });
    return times;
  } finally {
    cdp.close();
  }
}

export async function benchCdpRoundTrip(): Promise<string> {
  const chromium = discoverChromium();
  if (!chromium) throw new Error('no Chromium: install chromium or set CHROME_PATH');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-bench-cdp-'));
  const base = ['--headless=new', '--no-first-run', '--no-default-browser-check', '--password-store=basic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-sandbox', ...loopbackOnlyArgs];
  try {
    const bare = await spawnChromium(chromium, [`--user-data-dir=${path.join(root, 'bare')}`, '--remote-debugging-port=0', ...base], process.env);
    let own: number[];
    let ownArrivals: number[];
    try {
      // A page to arrive at, as the profile has its start page.
      const opener = await CdpConnection.open(bare.endpoint);
      await opener.send('Target.createTarget', { url: 'about:blank' });
      opener.close();
      own = await roundTrips(bare.endpoint);
      ownArrivals = await arrivals(bare.endpoint);
    } finally {
      killGroup(bare.process, 'SIGKILL');
      await bare.exited;
    }
    const profile = profileSchema.parse({
      id: 'cdp', serial: 1, groupName: '', createdAt: 0, lastUsedAt: null, owner: { id: 'bench', name: 'bench' }, members: [], sharer: null, permission: 'full',
      name: 'cdp', groupId: '0', os: 'windows', kernelVersion: '156', resolution: '1366x768', language: 'de-DE,de', timezone: 'Europe/Berlin', startPage: '',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      fingerprint: { portScanProtection: { enabled: false } },
    });
    const launched = await launchBrowser(profile, { chromium, platformBuilds: platformBuildsCache(), profilesDir: root, extraArgs: loopbackOnlyArgs, ipCheckUrl: 'http://127.0.0.1:9/ip', headless: true, openDebugPort: false, mayRunProfileCode: true, env: process.env, onError: () => {}, saveCookies: async () => {}, extensions: async () => [], geo: async () => null });
    let masked: number[];
    let unmasked: number[];
    let maskedArrivals: number[];
    try {
      // Unmasked first: whichever runs first also warms the agent's shared code up.
      unmasked = await roundTrips(`${launched.endpoint}?cdp_mask=0`);
      masked = await roundTrips(launched.endpoint);
      maskedArrivals = await arrivals(launched.endpoint);
    } finally {
      await launched.stop();
    }
    const row = (name: string, times: number[]) => `| ${name} | ${quantile(times, 0.5).toFixed(3)} ms | ${quantile(times, 0.99).toFixed(3)} ms | ${(quantile(times, 0.5) - quantile(own, 0.5)).toFixed(3)} ms |`;
    return [
      '',
      `## ${new Date().toISOString().slice(0, 10)} — CDP round trip — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
      '',
      `\`Runtime.evaluate\` of a constant in a page, ${TRIPS} round trips each, headless. Target: the mask adds ≤ 0.2 ms at the median.`,
      '',
      '| Path | p50 | p99 | Added at p50 |',
      '|---|---|---|---|',
      row("Chromium's own port (baseline)", own),
      row("Agent's endpoint, masked", masked),
      row("Agent's endpoint, unmasked", unmasked),
      '',
      'A script arriving at a running browser (connect, find the page, attach, evaluate, close), 50 times:',
      '',
      '| Path | p50 | p99 | Ratio at p50 |',
      '|---|---|---|---|',
      `| Chromium's own port | ${quantile(ownArrivals, 0.5).toFixed(2)} ms | ${quantile(ownArrivals, 0.99).toFixed(2)} ms | 1.00 |`,
      `| Agent's endpoint, masked | ${quantile(maskedArrivals, 0.5).toFixed(2)} ms | ${quantile(maskedArrivals, 0.99).toFixed(2)} ms | ${(quantile(maskedArrivals, 0.5) / quantile(ownArrivals, 0.5)).toFixed(2)} |`,
      '',
    ].join('\n');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
