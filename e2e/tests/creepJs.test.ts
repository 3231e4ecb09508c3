import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedByDefault, DEFAULT_LIE_BUDGET, machineTrash, readCreepJs, startCreepJs, type CreepJsServer, type CreepVerdict } from '../support/creepJs.ts';
import { useLaunchHarness } from '../support/launchHarness.ts';

/**
 * The disguise as a lie detector sees it: CreepJS (its prebuilt page, vendored in
 * e2e/fixtures/vendor/creepjs) opened in profiles started through the local API, headful. It inspects
 * ~250 API properties for signs of replacement, compares windows with workers, and rates
 * stealth and headless signs. docs/fingerprint.md has the figures and what each lie is.
 */
const h = useLaunchHarness();
let creep: CreepJsServer;
beforeAll(async () => {
  creep = await startCreepJs();
});
afterAll(() => creep?.close());

const LINUX_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const WINDOWS_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** Starts the profile through the local API with CreepJS as its start page, as a person would open a site. */
async function verdictOf(id: string): Promise<CreepVerdict> {
  const { body } = await h.agent.call(`/api/v1/browser/start?profile_id=${id}`);
  expect(body.code, JSON.stringify(body)).toBe(0);
  try {
    return await readCreepJs(body.data.ws.puppeteer, creep);
  } finally {
    await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
  }
}

const defaults = (name: string, noiseSeed: number) =>
  h.createProfile(name, {
    startPage: creep.url,
    fingerprint: {
      // The options a new profile gets: this computer's memory, everything else as the form's defaults.
      navigator: { platform: '', hardwareConcurrency: 8, deviceMemory: 0, maxTouchPoints: 0, doNotTrack: 'unset' },
      // One of each device, as most generated profiles have; a profile drawn with none of a kind
      // also has getUserMedia replaced (one more stand-in, docs/fingerprint.md).
      mediaDevices: { mode: 'custom', audioInputs: 1, videoInputs: 1, audioOutputs: 1 },
      portScanProtection: { enabled: true, whitelist: `${creep.port},${new URL(h.pages.url).port}` },
      noiseSeed,
    },
  });

describe('CreepJS', () => {
  // A Windows profile on this Linux machine too: its workers' platform comes from a copy of the
  // build that reports Win32 itself (apps/agent/src/browser/machine/platformBuild.ts), not a stand-in.
  it.each([
    ['Linux', 'linux', LINUX_UA],
    ['Windows on Linux', 'windows', WINDOWS_UA],
  ] as const)('finds no lie, stealth or headless sign in a profile whose every surface is real (%s)', async (label, os, userAgent) => {
    const id = await h.createProfile(`Creep real ${label}`, {
      startPage: creep.url,
      os,
      userAgent,
      fingerprint: {
        navigator: { platform: '', hardwareConcurrency: 8, deviceMemory: 0, maxTouchPoints: 0, doNotTrack: 'unset' },
        canvas: 'real',
        audio: 'real',
        webglImage: 'real',
        webglMetadata: { mode: 'real' },
        fonts: { mode: 'real', list: [] },
        mediaDevices: { mode: 'real' },
        battery: 'real',
        webrtc: 'real',
        portScanProtection: { enabled: true, whitelist: `${creep.port},${new URL(h.pages.url).port}` },
      },
    });
    const verdict = await verdictOf(id);
    expect(verdict.lies).toEqual({});
    expect(verdict.totalLies).toBe(0);
    expect([verdict.stealthRating, verdict.stealth]).toEqual([0, []]);
    expect([verdict.headlessRating, verdict.headless]).toEqual([0, []]);
    expect(verdict.trash.filter((t) => !machineTrash.test(t))).toEqual([]);
    expect(verdict.workerLies).toMatchObject({ proto: false });
    expect(verdict.workerLies.os ?? false).toBe(false);
  });

  it('with the default options, sees only stand-ins on the surfaces they change; readings differ between profiles and stay across a restart', async () => {
    const [a, b] = [await defaults('Creep default A', 11), await defaults('Creep default B', 22)];
    const first = await verdictOf(a);
    expect([first.stealthRating, first.stealth]).toEqual([0, []]);
    expect([first.headlessRating, first.headless]).toEqual([0, []]);
    expect(first.trash.filter((t) => !machineTrash.test(t)), 'trash caused by our claims').toEqual([]);
    expect(first.totalLies, JSON.stringify(first.lies)).toBeLessThanOrEqual(DEFAULT_LIE_BUDGET);
    for (const [api, reasons] of Object.entries(first.lies)) {
      expect(api, `${api}: ${reasons.join(', ')}`).toMatch(changedByDefault);
      // A proxy of the engine's function: only the stack of Object.create(f).toString() tells.
      expect(reasons, api).toEqual(['failed object toString error']);
    }
    // The worker's OS and engine agree with the window's.
    expect(first.workerLies.os ?? false).toBe(false);
    expect(first.workerLies.engine ?? false).toBe(false);

    for (const reading of Object.values(first.hashes)) expect(reading).toMatch(/^[0-9a-f]{16,}$/);
    const again = await verdictOf(a);
    const other = await verdictOf(b);
    expect(again.hashes).toEqual(first.hashes);
    expect(other.hashes.canvas).not.toBe(first.hashes.canvas);
    expect(other.hashes.audio).not.toBe(first.hashes.audio);
    expect(other.hashes.webglImage).not.toBe(first.hashes.webglImage);
    expect(other.hashes.webglPixels).not.toBe(first.hashes.webglPixels);
  });
});
