import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { profileSchema, type Profile } from '@facet/contracts';
import { CdpConnection } from '../apps/agent/src/browser/cdp/cdp.ts';
import { discoverChromium } from '../apps/agent/src/browser/machine/discoverChromium.ts';
import { lazyGeoIp } from '../apps/agent/src/browser/proxy/geoIp.ts';
import { launchBrowser, type LaunchedBrowser } from '../apps/agent/src/browser/launch/launchBrowser.ts';
import { killGroup, spawnChromium, type SpawnedChromium } from '../apps/agent/src/browser/launch/spawnChromium.ts';
import { startVirtualDisplay } from '../apps/agent/src/browser/machine/virtualDisplay.ts';
import { loopbackOnlyArgs } from '../apps/agent/src/core/profileLauncher.ts';
import { startIdentityPages } from '../e2e/support/identityPages.ts';
import { startTestProxy } from '../e2e/support/testProxy.ts';
import { platformBuildsCache } from '../apps/agent/src/config.ts';

/**
 * Profile start against a bare Chromium start, in the same run: both headful under the same
 * Xvfb, both timed until their first page's own document is complete and answers an
 * evaluation. The profile's start includes the proxy hop, the proxy check through an
 * authenticated local proxy, the CDP attach with the identity, and the page loaded through the
 * proxy; the bare start is Chromium with the same base switches and nothing else. Each start's
 * steps are timed too (the agent's own trace of a start, launchBrowser.ts, and for both:
 * `pageSeen` when the page is listed at its URL, and `pageRequested` and `frameRequested` as the
 * page's server saw them), so a gap shows where it is spent. `BENCH_LAUNCH_RUNS=5
 * BENCH_LAUNCH_CONCURRENCY=` gives five ratios and their spread, without the starts side by side.
 */
const ROUNDS = Number(process.env.BENCH_LAUNCH_ROUNDS ?? 5);
/** Runs of ROUNDS rounds each, a ratio per run: the spread between runs says how far one ratio can be trusted. */
const RUNS = Number(process.env.BENCH_LAUNCH_RUNS ?? 1);
/** Starts side by side; empty (`BENCH_LAUNCH_CONCURRENCY=`) skips them. */
const CONCURRENCY = (process.env.BENCH_LAUNCH_CONCURRENCY ?? '1,10,20').split(',').filter(Boolean).map(Number);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function profileFor(id: string, pageUrl: string, proxyPort: number): Profile {
  return profileSchema.parse({
    id, serial: 1, groupName: '', createdAt: 0, lastUsedAt: null, owner: { id: 'bench', name: 'bench' }, members: [], sharer: null, permission: 'full',
    name: id, groupId: '0', os: 'windows', kernelVersion: '156', resolution: '1366x768', language: 'de-DE,de', timezone: 'Europe/Berlin', startPage: pageUrl,
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    proxy: { type: 'http', host: '127.0.0.1', port: proxyPort, username: 'bench', password: 'bench-pass' },
    // The page stands for a remote site on loopback: reached through the proxy, not guarded as a local port.
    fingerprint: { navigator: { platform: 'Win32', hardwareConcurrency: 8, deviceMemory: 8 }, portScanProtection: { enabled: false }, noiseSeed: Number.parseInt(id.replace(/\D/g, '') || '1', 10) },
  });
}

/** Until the page at `url` is loaded and answers, through a CDP session of its own. */
async function firstPageEvaluable(endpoint: string, url: string, onSeen: () => void = () => {}): Promise<void> {
  const cdp = await CdpConnection.open(endpoint);
  let seen = false;
  try {
    for (;;) {
      const { targetInfos } = await cdp.send<{ targetInfos: { targetId: string; type: string; url: string }[] }>('Target.getTargets');
      const page = targetInfos.find((t) => t.type === 'page' && t.url.startsWith(url));
      if (page) {
        if (!seen) onSeen();
        seen = true;
        const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId: page.targetId, flatten: true });
        // The document's own address too: a tab listed at its URL may still hold its initial
        // empty document, whose readyState is already "complete" before the page has even loaded
        // (asking readyState alone made the bare baseline 150-170 ms short; docs/benchmarks.md).
        const { result } = await cdp.send<{ result: { value?: [string, string] } }>('Runtime.evaluate', { expression: '[location.href, document.readyState]', returnByValue: true }, sessionId);
        const [href, state] = result.value ?? ['', ''];
        if (state === 'complete' && href.startsWith(url)) return;
        await cdp.send('Target.detachFromTarget', { sessionId });
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    cdp.close();
  }
}

/** The same base switches the agent uses, no hop, no attach, no identity. */
const bareSwitches = ['--remote-debugging-port=0', '--no-first-run', '--no-default-browser-check', '--password-store=basic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-sandbox', ...loopbackOnlyArgs];

/**
 * A bare Chromium start on `userDataDir`, timed from the spawn until `url` is loaded and
 * evaluable: the baseline of the profile start here and of the sync's check before a start
 * (profileSync.ts). The browser is left running for the caller.
 */
export async function bareChromiumStart(chromium: string, userDataDir: string, url: string, env: NodeJS.ProcessEnv, mark: (step: string) => void = () => {}): Promise<{ ms: number; browser: SpawnedChromium }> {
  const started = performance.now();
  const browser = await spawnChromium(chromium, [`--user-data-dir=${userDataDir}`, ...bareSwitches, url], env);
  mark('devtoolsUp');
  await firstPageEvaluable(browser.endpoint, url, () => mark('pageSeen'));
  return { ms: performance.now() - started, browser };
}

/**
 * When the page's server saw the start page's request, and the request of the frame its HTML
 * names right after its first script: the page's own time line, the same for both starts,
 * without the CDP poll that decides "evaluable".
 */
function markServed(requests: readonly { path: string; at: number }[], mark: (step: string, at?: number) => void): void {
  const page = requests.find((r) => r.path === '/');
  const frame = requests.find((r) => r.path === '/frame');
  if (page) mark('pageRequested', page.at);
  if (frame) mark('frameRequested', frame.at);
}

/** When each step of a start ended, in ms since it began; a step missing from a round is left out. */
function timeline() {
  const rounds: Map<string, number>[] = [];
  return {
    round(): (step: string, at?: number) => void {
      const started = performance.now();
      const marks = new Map<string, number>();
      rounds.push(marks);
      return (step, at = performance.now()) => void marks.set(step, at - started);
    },
    medians(): Map<string, number> {
      const steps = [...new Set(rounds.flatMap((marks) => [...marks.keys()]))];
      return new Map(steps.map((step) => [step, median(rounds.flatMap((marks) => (marks.has(step) ? [marks.get(step)!] : [])))] as const).sort((a, b) => a[1] - b[1]));
    },
  };
}

export async function benchLaunch(): Promise<string> {
  const load = os.loadavg();
  const chromium = discoverChromium();
  if (!chromium) throw new Error('no Chromium: install chromium or set CHROME_PATH');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-bench-launch-'));
  const display = await startVirtualDisplay();
  const env = { ...process.env, DISPLAY: display.display };
  const [pages, proxy] = await Promise.all([startIdentityPages(), startTestProxy('bench', 'bench-pass')]);
  // GeoIP as the agent uses it; opened (and unpacked, the first time) before anything is timed.
  const geo = lazyGeoIp(path.join(root, 'geoip'), () => {});
  await geo('81.2.69.142');
  const settings = (dir: string) => ({ chromium, platformBuilds: platformBuildsCache(), profilesDir: dir, extraArgs: loopbackOnlyArgs, ipCheckUrl: `${pages.url}/ip`, headless: false, mayRunProfileCode: true, openDebugPort: false, env, onError: () => {}, saveCookies: async () => {}, extensions: async () => [], geo });
  try {
    const runs: { bare: number; profile: number; ratio: number }[] = [];
    const bareSteps = timeline();
    const profileSteps = timeline();
    for (let run = 0; run < RUNS; run++) {
      const bare: number[] = [];
      const profile: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const bareStart = async () => {
          const bareMark = bareSteps.round();
          const servedBefore = pages.requests.length;
          const { ms, browser } = await bareChromiumStart(chromium, path.join(root, `bare-${run}-${round}`), `${pages.url}/`, env, bareMark);
          bareMark('evaluable');
          markServed(pages.requests.slice(servedBefore), bareMark);
          bare.push(ms);
          killGroup(browser.process, 'SIGKILL');
          await browser.exited;
        };
        const profileStart = async () => {
          const mark = profileSteps.round();
          const servedBefore = pages.requests.length;
          const started = performance.now();
          const launched = await launchBrowser(profileFor(`p${run}-${round}`, `${pages.url}/`, proxy.port), { ...settings(root), trace: mark });
          mark('launched');
          await firstPageEvaluable(launched.endpoint, pages.url, () => mark('pageSeen'));
          mark('evaluable');
          markServed(pages.requests.slice(servedBefore), mark);
          profile.push(performance.now() - started);
          await launched.stop();
        };
        // Each goes first in every other round: the one that follows starts while the other's
        // processes are still being taken down, and neither should always pay for that.
        const [first, second] = round % 2 === 0 ? [bareStart, profileStart] : [profileStart, bareStart];
        await first();
        await second();
      }
      runs.push({ bare: median(bare), profile: median(profile), ratio: median(profile) / median(bare) });
    }

    // Memory the agent (this process) holds per running profile, and starts side by side.
    const concurrent: { n: number; allMs: number; agentMbPerProfile: number; chromiumMbPerProfile: number }[] = [];
    for (const n of CONCURRENCY) {
      // Twice: a collection can leave garbage a second one frees, and RSS moves by megabytes.
      global.gc?.();
      global.gc?.();
      const before = process.memoryUsage().rss;
      const started = performance.now();
      const browsers: LaunchedBrowser[] = await Promise.all(Array.from({ length: n }, (_, i) => launchBrowser(profileFor(`c${n}-${i}`, `${pages.url}/`, proxy.port), settings(root))));
      await Promise.all(browsers.map((b) => firstPageEvaluable(b.endpoint, pages.url)));
      const allMs = performance.now() - started;
      global.gc?.();
      const agentMbPerProfile = (process.memoryUsage().rss - before) / n / 2 ** 20;
      const chromiumMbPerProfile = browsers.reduce((sum, b) => sum + groupRssMb(b), 0) / n;
      await Promise.all(browsers.map((b) => b.stop()));
      concurrent.push({ n, allMs, agentMbPerProfile, chromiumMbPerProfile });
    }

    const ratios = runs.map((r) => r.ratio);
    const bareTimeline = bareSteps.medians();
    const lines = [
      '',
      `## ${new Date().toISOString().slice(0, 10)} — profile start — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
      '',
      `Headful under Xvfb, first page loaded and evaluable; ${RUNS > 1 ? `${RUNS} runs of ` : ''}${ROUNDS} rounds, medians. The profile start includes the proxy hop, the proxy check through an authenticated local proxy, the CDP attach with the identity, and its page through the proxy. Target: ratio ≤ 1.10; agent memory ≤ 10 MB per running profile. Load average at the start: ${load.map((l) => l.toFixed(2)).join(', ')}.`,
      '',
      `| ${RUNS > 1 ? 'Run | ' : ''}Bare Chromium | Profile start | Ratio |`,
      `|${RUNS > 1 ? '---|' : ''}---|---|---|`,
      ...runs.map((r, i) => `| ${RUNS > 1 ? `${i + 1} | ` : ''}${r.bare.toFixed(0)} ms | ${r.profile.toFixed(0)} ms | ${r.ratio.toFixed(2)} |`),
      ...(RUNS > 1 ? ['', `Ratio over ${RUNS} runs: min ${Math.min(...ratios).toFixed(2)}, median ${median(ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)}.`] : []),
      '',
      'When each step ended, ms since the spawn (bare) or since the launch began (profile), medians over all rounds:',
      '',
      '| Step | Profile start | Bare Chromium |',
      '|---|---|---|',
      ...[...profileSteps.medians()].map(([step, ms]) => `| ${step} | ${ms.toFixed(0)} | ${bareTimeline.has(step) ? bareTimeline.get(step)!.toFixed(0) : ''} |`),
      ...(concurrent.length > 0
        ? [
            '',
            '| Profiles at once | All pages evaluable | Agent memory per profile | Chromium memory per profile |',
            '|---|---|---|---|',
            ...concurrent.map((c) => `| ${c.n} | ${c.allMs.toFixed(0)} ms | ${c.agentMbPerProfile.toFixed(1)} MB | ${c.chromiumMbPerProfile.toFixed(0)} MB |`),
          ]
        : []),
      '',
    ];
    return lines.join('\n');
  } finally {
    await Promise.all([pages.close(), proxy.close()]);
    await display.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Memory of a browser's whole process group, from /proc: proportional set size, so pages the
 * renderers share (libraries, the binary) count once rather than once per process.
 */
function groupRssMb(browser: LaunchedBrowser): number {
  const leader = browser.pid;
  let kb = 0;
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Field 5 is the process group; Chromium was spawned as the leader of its own.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== leader) continue;
      kb += Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}
