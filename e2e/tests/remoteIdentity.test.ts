import type { ApiClient } from '@facet/api-client';
import { hostEnrollCall, hostListCall, loginCall, profileCreateCall, remoteListCall, remoteOpenCall, remoteStopCall } from '@facet/contracts';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientFor, signUpByApi } from '../support/accounts.ts';
import { clients, POPUP_REPORT, READINGS, type StartedBrowser } from '../support/clientPages.ts';
import { changedByDefault, DEFAULT_LIE_BUDGET, machineTrash, readCreepJs, startCreepJs, type CreepJsServer, type CreepVerdict } from '../support/creepJs.ts';
import { startHostAgent, untilOnHost, type HostAgent } from '../support/hostAgent.ts';
import { startIdentityPages, type IdentityPages } from '../support/identityPages.ts';
import { expected, expectedInWorkers, WINDOWS_UA } from '../support/launchHarness.ts';
import { startStack, type Stack } from '../support/processes.ts';

/**
 * Issue 39: a profile opened remotely (remote/open, run by a host of the team on a display of
 * its own screen) is the same identity as the profile opened on a desktop. A script on the host
 * attaches through the host's local API, as it would on a desktop, and reads what CreepJS and
 * the scope matrix read there (creepJs.test.ts, clientTargets.test.ts, with their expectations).
 */
let stack: Stack;
let pages: IdentityPages;
let creep: CreepJsServer;
let host: HostAgent;
let owner: ApiClient;
let hostId: string;

beforeAll(async () => {
  [pages, creep, stack] = await Promise.all([startIdentityPages(), startCreepJs(), startStack()]);
  const person = await signUpByApi(stack);
  owner = await apiClientFor(stack);
  owner.adopt(await owner.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 }));
  const { code } = await owner.call(hostEnrollCall, { passwd: person.password, name: 'Rack 1' });
  host = await startHostAgent(stack.serverUrl, code, { FACET_IP_CHECK_URL: `${pages.url}/ip`, FACET_LOCAL_API_PORT: '0' });
  hostId = (await owner.call(hostListCall, {})).list[0]!.id;
});

afterAll(async () => {
  await host?.stop();
  await stack?.stop();
  await creep?.close();
  await pages?.close();
});

/** Waits for `find`; on time out, names what and shows the host's last output. */
const until = <T,>(find: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string, timeoutMs?: number) => untilOnHost(host, find, what, timeoutMs);

/** GET on the host's local API with its key; the parsed answer. */
async function hostCall(pathAndQuery: string): Promise<{ code: number; msg: string; data?: any }> {
  const { baseUrl, key } = host.localApi!;
  const response = await fetch(`${baseUrl}${pathAndQuery}`, { headers: { authorization: `Bearer ${key}` } });
  return (await response.json()) as { code: number; msg: string; data?: any };
}

/** A Windows profile of the main account as launchHarness.ts makes one: `expected` is what it reads. */
async function createProfile(name: string, extra: { startPage?: string; fingerprint?: Record<string, unknown> } = {}): Promise<string> {
  const { profile } = await owner.call(profileCreateCall, {
    settings: {
      name,
      groupId: '0',
      os: 'windows',
      userAgent: WINDOWS_UA,
      kernelVersion: '156',
      language: 'de-DE,de,en',
      timezone: 'Asia/Tokyo',
      resolution: '1366x768',
      startPage: extra.startPage ?? `${pages.url}/`,
      fingerprint: {
        navigator: { platform: 'Win32', hardwareConcurrency: 6, deviceMemory: 4, maxTouchPoints: 0, doNotTrack: 'unset' },
        webglMetadata: { mode: 'custom', vendor: 'Google Inc. (NVIDIA)', renderer: 'ANGLE (NVIDIA, NVIDIA GeForce GTX 1650 Direct3D11 vs_5_0 ps_5_0, D3D11)' },
        customHeaders: [{ name: 'X-Shop-Region', value: 'eu-west' }],
        portScanProtection: { enabled: false },
        ...extra.fingerprint,
      },
    },
  });
  return profile.id;
}

/** Opened remotely on the host; resolves with the run's id and where a script on the host attaches, once it runs. */
async function openRemotely(profileId: string): Promise<{ runId: string; started: StartedBrowser & { debug_port: string } }> {
  const { run } = await owner.call(remoteOpenCall, { profileId, hostId });
  const running = await until(async () => {
    const now = (await owner.call(remoteListCall, { runId: run.id })).list[0];
    if (now?.state === 'failed') throw new Error(`the remote start failed: ${now.failure}`);
    return now?.state === 'running' && now;
  }, 'the remote run started');
  expect({ width: running.width, height: running.height }).toEqual({ width: 1366, height: 768 });
  const active = await hostCall(`/api/v1/browser/active?user_id=${profileId}`);
  expect(active, JSON.stringify(active)).toMatchObject({ code: 0, data: { status: 'Active' } });
  // The v2 path and local-active name the same endpoint.
  expect((await hostCall(`/api/v2/browser-profile/active?profile_id=${profileId}`)).data).toEqual(active.data);
  expect((await hostCall('/api/v1/browser/local-active')).data.list).toContainEqual({ user_id: profileId, ws: active.data.ws, debug_port: active.data.debug_port, webdriver: active.data.webdriver });
  return { runId: run.id, started: active.data };
}

async function closeRemotely(runId: string): Promise<void> {
  await owner.call(remoteStopCall, { runId });
  await until(async () => (await owner.call(remoteListCall, { runId })).list[0]?.state === 'stopped', 'the remote run stopped', 30_000);
}

/** The window's screen and size in the page at `url`, read over its own connection. */
async function displayOf(started: StartedBrowser, url: (u: string) => boolean) {
  const browser = await puppeteer.connect({ browserWSEndpoint: started.ws.puppeteer, defaultViewport: null });
  try {
    const page = (await browser.pages()).find((p) => url(p.url()))!;
    return await page.evaluate(() => ({ screen: [screen.width, screen.height, screen.availWidth, screen.availHeight], outer: [outerWidth, outerHeight], inner: [innerWidth, innerHeight], dpr: devicePixelRatio }));
  } finally {
    await browser.disconnect();
  }
}

function expectOnTheProfilesScreen(display: Awaited<ReturnType<typeof displayOf>>) {
  expect(display.screen).toEqual([1366, 768, 1366, 768]);
  expect(display.outer[0]).toBeLessThanOrEqual(1366);
  expect(display.outer[1]).toBeLessThanOrEqual(768);
  expect(display.outer[0]).toBeGreaterThan(1000);
  expect(display.outer[1]).toBeGreaterThan(600);
}

describe('a profile opened remotely', () => {
  it('is told to no script as anything but its runs: the host\'s local API starts nothing', async () => {
    expect(await hostCall('/status')).toEqual({ code: 0, msg: 'success' });
    expect(await hostCall('/api/v1/browser/start?user_id=x')).toEqual({ code: -1, msg: 'host_runs_only' });
    expect(await hostCall('/api/v1/browser/local-active')).toEqual({ code: 0, msg: 'success', data: { list: [] } });
  });

  it('CreepJS, with the default options, sees only the stand-ins it sees on a desktop; no headless sign; readings differ between profiles', async () => {
    // As creepJs.test.ts's `defaults`: the options a new profile gets.
    const defaults = (name: string, noiseSeed: number) =>
      createProfile(name, {
        startPage: creep.url,
        fingerprint: {
          navigator: { platform: '', hardwareConcurrency: 8, deviceMemory: 0, maxTouchPoints: 0, doNotTrack: 'unset' },
          mediaDevices: { mode: 'custom', audioInputs: 1, videoInputs: 1, audioOutputs: 1 },
          portScanProtection: { enabled: true, whitelist: `${creep.port},${new URL(pages.url).port}` },
          noiseSeed,
        },
      });
    const [a, b] = [await defaults('Remote creep A', 11), await defaults('Remote creep B', 22)];
    const [runA, runB] = [await openRemotely(a), await openRemotely(b)];
    let first: CreepVerdict, other: CreepVerdict;
    try {
      [first, other] = await Promise.all([readCreepJs(runA.started.ws.puppeteer, creep), readCreepJs(runB.started.ws.puppeteer, creep)]);
      const display = await displayOf(runA.started, (u) => u.startsWith(creep.url));
      console.log('remote CreepJS', JSON.stringify({ lies: first.lies, totalLies: first.totalLies, otherLies: other.totalLies, trash: first.trash, headless: first.headless, stealth: first.stealth, workerLies: first.workerLies, gpu: first.gpu, display }));
      expectOnTheProfilesScreen(display);
    } finally {
      await Promise.all([closeRemotely(runA.runId), closeRemotely(runB.runId)]);
    }
    for (const verdict of [first, other]) {
      expect([verdict.stealthRating, verdict.stealth]).toEqual([0, []]);
      expect([verdict.headlessRating, verdict.headless]).toEqual([0, []]);
      expect(verdict.trash.filter((t) => !machineTrash.test(t)), 'trash caused by our claims').toEqual([]);
      expect(verdict.totalLies, JSON.stringify(verdict.lies)).toBeLessThanOrEqual(DEFAULT_LIE_BUDGET);
      for (const [api, reasons] of Object.entries(verdict.lies)) {
        expect(api, `${api}: ${reasons.join(', ')}`).toMatch(changedByDefault);
        expect(reasons, api).toEqual(['failed object toString error']);
      }
      expect(verdict.workerLies.os ?? false).toBe(false);
      expect(verdict.workerLies.engine ?? false).toBe(false);
      for (const reading of Object.values(verdict.hashes)) expect(reading).toMatch(/^[0-9a-f]{16,}$/);
    }
    expect(other.hashes.canvas).not.toBe(first.hashes.canvas);
    expect(other.hashes.audio).not.toBe(first.hashes.audio);
    expect(other.hashes.webglImage).not.toBe(first.hashes.webglImage);
    expect(other.hashes.webglPixels).not.toBe(first.hashes.webglPixels);
  });

  // As clientTargets.test.ts: the first tab, a page puppeteer opens (browser.newPage()), its frame,
  // a popup it opens and its dedicated, shared and service workers.
  const SCOPES = { report: expected, fromFrame: expected, fromWorker: expectedInWorkers, fromSharedWorker: expectedInWorkers, fromServiceWorker: expectedInWorkers, popup: expected };

  it('is the profile in every scope of its first tab and of pages a client opens, on the profile\'s screen; two profiles read differently', async () => {
    // Canvas noise on, as clientTargets.test.ts has it. Seeds of their own, as the console's
    // generated fingerprint gives each new profile (a seed left out is 0 for every profile).
    const [a, b] = [await createProfile('Remote scopes A', { fingerprint: { canvas: 'noise', noiseSeed: 101 } }), await createProfile('Remote scopes B', { fingerprint: { canvas: 'noise', noiseSeed: 202 } })];
    const [runA, runB] = [await openRemotely(a), await openRemotely(b)];
    const visit = async (started: StartedBrowser) => {
      const firstTab = await puppeteer.connect({ browserWSEndpoint: started.ws.puppeteer, defaultViewport: null });
      let first: unknown, firstReport: unknown;
      try {
        const tab = (await firstTab.pages()).find((p) => p.url() === `${pages.url}/`)!;
        await tab.waitForFunction(() => typeof (window as unknown as { report?: unknown }).report === 'function');
        first = await tab.evaluate(READINGS);
        firstReport = await tab.evaluate('window.report()');
      } finally {
        await firstTab.disconnect();
      }
      const firstDisplay = await displayOf(started, (u) => u === `${pages.url}/`);
      const page = await clients.puppeteer!.open(started, `${pages.url}/`);
      try {
        const scopes: Record<string, unknown> = {};
        for (const scope of Object.keys(SCOPES)) {
          if (scope === 'popup') await page.click('#popup');
          scopes[scope] = await page.evaluate(scope === 'popup' ? POPUP_REPORT : `window.${scope}()`);
        }
        const readings = await page.evaluate(READINGS);
        const popupReadings = await page.evaluate(`window.popupWindow.eval(${JSON.stringify(READINGS)})`);
        const frameReadings = await page.evaluate(`document.querySelector('iframe').contentWindow.eval(${JSON.stringify(READINGS)})`);
        return { scopes, firstReport, first, readings, popupReadings, frameReadings, firstDisplay };
      } finally {
        await page.close();
      }
    };
    let one: Awaited<ReturnType<typeof visit>>, two: Awaited<ReturnType<typeof visit>>;
    try {
      one = await visit(runA.started);
      two = await visit(runB.started);
    } finally {
      await Promise.all([closeRemotely(runA.runId), closeRemotely(runB.runId)]);
    }
    const summary = (v: typeof one) => Object.fromEntries(Object.entries({ first: v.firstReport, ...v.scopes }).map(([k, r]) => [k, typeof r === 'object' && r ? [(r as { platform: string }).platform, (r as { hintsPlatform: string }).hintsPlatform, (r as { screen: unknown }).screen] : r]));
    console.log('remote scopes', JSON.stringify({ one: summary(one), display: one.firstDisplay, two: summary(two) }));
    for (const v of [one, two]) {
      expect(v.firstReport).toEqual(expected);
      expect(v.scopes).toEqual(SCOPES);
      expect(v.readings).toEqual(v.first);
      expect(v.popupReadings).toEqual(v.first);
      expect(v.frameReadings).toEqual(v.first);
      expectOnTheProfilesScreen(v.firstDisplay);
    }
    const differ = (x: Record<string, string>, y: Record<string, string>) => Object.keys(x).filter((k) => x[k] !== y[k]).sort();
    expect(differ(one.readings as Record<string, string>, two.readings as Record<string, string>)).toEqual(['audio', 'canvas', 'webgl']);
  });

  // As launchSurfaces.test.ts: fonts, media devices, battery and WebRTC in the first tab and in a
  // page puppeteer opens, their frames and workers; one profile hides, one shows.
  it('reads the profile\'s fonts, devices, battery and WebRTC in every scope, as on a desktop', async () => {
    const devices = { mode: 'custom', audioInputs: 2, videoInputs: 1, audioOutputs: 3 };
    const [a, b] = [
      await createProfile('Remote surfaces hidden', { fingerprint: { canvas: 'real', noiseSeed: 1001, mediaDevices: devices, battery: 'custom', fonts: { mode: 'custom', list: ['Liberation Sans', 'Arial'] }, webrtc: 'disabled' } }),
      await createProfile('Remote surfaces shown', { fingerprint: { canvas: 'real', noiseSeed: 3003, mediaDevices: devices, battery: 'custom', fonts: { mode: 'real', list: [] }, webrtc: 'replace' } }),
    ];
    const [runA, runB] = [await openRemotely(a), await openRemotely(b)];
    type Surfaces = { localFonts: string[]; drawnFonts: string[]; canvasFont: string; devices?: string[]; battery?: unknown; webrtc: string[] };
    const SURFACE_SCOPES = ['surfaces', 'surfacesFromFrame', 'surfacesFromBlankFrame', 'surfacesFromWorker'];
    const read = async (evaluate: (expression: string) => Promise<unknown>) => {
      const scopes: Record<string, Surfaces> = {};
      for (const fn of SURFACE_SCOPES) scopes[fn] = (await evaluate(`window.${fn}()`)) as Surfaces;
      return scopes;
    };
    const visit = async (started: StartedBrowser) => {
      const browser = await puppeteer.connect({ browserWSEndpoint: started.ws.puppeteer, defaultViewport: null });
      let firstTab: Record<string, Surfaces>;
      try {
        const tab = (await browser.pages()).find((p) => p.url() === `${pages.url}/`)!;
        await tab.waitForFunction(() => typeof (window as unknown as { surfaces?: unknown }).surfaces === 'function');
        firstTab = await read((expression) => tab.evaluate(expression));
      } finally {
        await browser.disconnect();
      }
      const page = await clients.puppeteer!.open(started, `${pages.url}/`);
      try {
        return { firstTab, clientPage: await read((expression) => page.evaluate(expression)) };
      } finally {
        await page.close();
      }
    };
    let hidden: Awaited<ReturnType<typeof visit>>, shown: Awaited<ReturnType<typeof visit>>;
    try {
      [hidden, shown] = [await visit(runA.started), await visit(runB.started)];
    } finally {
      await Promise.all([closeRemotely(runA.runId), closeRemotely(runB.runId)]);
    }
    console.log('remote surfaces', JSON.stringify({ hidden: hidden.firstTab.surfaces, shown: shown.firstTab.surfaces }));
    const machine = shown.firstTab.surfaces!;
    expect(machine.localFonts, 'fonts this test expects on the machine').toEqual(expect.arrayContaining(['DejaVu Sans', 'Liberation Sans']));
    const kept = (fonts: string[]) => fonts.filter((f) => ['DejaVu Sans', 'Liberation Sans', 'Arial'].includes(f));
    for (const [where, scopes] of Object.entries(hidden)) {
      for (const [scope, seen] of Object.entries(scopes)) {
        const at = `${where} ${scope}`;
        expect(seen.localFonts, at).toEqual(kept(machine.localFonts));
        expect(seen.drawnFonts, at).toEqual(kept(machine.drawnFonts));
        expect(seen.canvasFont, at).toBe('72px "DejaVu Sans", monospace');
        expect(seen.webrtc, at).toEqual([]);
        if (scope === 'surfacesFromWorker') continue;
        expect(seen.devices, at).toEqual(['audioinput||||true', 'videoinput||||true', 'audiooutput||||true']);
        expect(seen.battery, at).toEqual(hidden.firstTab.surfaces!.battery);
      }
    }
    expect(shown.clientPage.surfacesFromWorker!.webrtc).toEqual(['RTCDataChannel']);
    expect(shown.clientPage.surfaces!.webrtc).toEqual(['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCIceCandidate', 'RTCSessionDescription']);
    expect(shown.clientPage.surfaces!.battery).toEqual(shown.firstTab.surfaces!.battery);
    expect(shown.firstTab.surfaces!.battery).not.toEqual(hidden.firstTab.surfaces!.battery);
  });
});
