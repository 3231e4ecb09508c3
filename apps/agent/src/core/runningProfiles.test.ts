import { describe, expect, it } from 'vitest';
import type { LaunchedBrowser } from '../browser/launch/launchBrowser.ts';
import { RunningProfiles } from './runningProfiles.ts';

/** A launch that the test finishes by hand, and a browser the test can close "from outside". */
function fakeLaunches() {
  const launches: { profileId: string; finish: () => void; fail: (e: Error) => void; close: () => void }[] = [];
  const launch = (profileId: string) =>
    new Promise<LaunchedBrowser>((resolve, reject) => {
      let close = () => {};
      const exited = new Promise<void>((r) => (close = r));
      const opened = { doorsOpened: 0 };
      const browser = {
        endpoint: `ws://127.0.0.1:1/devtools/browser/${profileId}`,
        debugPort: 1,
        debugPortOpen: false,
        get doorsOpened() {
          return opened.doorsOpened;
        },
        openDebugDoor: () => {
          opened.doorsOpened++;
        },
        skippedCookies: [],
        exited,
        stop: async () => close(),
      } as unknown as LaunchedBrowser;
      launches.push({ profileId, finish: () => resolve(browser), fail: reject, close: () => close() });
    });
  return { launches, launch };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('running profiles', () => {
  it('gives one browser per profile to every caller, numbered, and recycles numbers', async () => {
    const { launches, launch } = fakeLaunches();
    const running = new RunningProfiles({ launch });
    const first = running.start('a');
    const again = running.start('a');
    const b = running.start('b');
    expect(launches.map((l) => l.profileId)).toEqual(['a', 'b']);
    expect(running.status('a')?.state).toBe('launching');
    launches[0]!.finish();
    launches[1]!.finish();
    expect(await first).toBe(await again);
    expect([(await first).number, (await b).number]).toEqual([1, 2]);
    expect(await running.stop('a')).toBe(true);
    expect(running.isRunning('a')).toBe(false);
    const c = running.start('c');
    launches[2]!.finish();
    expect((await c).number).toBe(1);
    expect(await running.stop('nothing')).toBe(false);
  });

  it('opens Selenium\'s door on a running browser when a later start asks for it, once', async () => {
    const { launches, launch } = fakeLaunches();
    const running = new RunningProfiles({ launch });
    const first = running.start('a');
    launches[0]!.finish();
    expect((await first).debugPortOpen).toBe(false);
    expect((await running.start('a')).debugPortOpen).toBe(false);
    expect((await running.start('a', { openDebugPort: true })).debugPortOpen).toBe(true);
    await running.start('a', { openDebugPort: true });
    expect(running.status('a')?.debugPortOpen).toBe(true);
    expect((running.browser('a') as unknown as { doorsOpened: number }).doorsOpened).toBe(1);
    expect(launches).toHaveLength(1);
  });

  it('forgets a browser the user closed, and a launch that failed, telling listeners', async () => {
    const { launches, launch } = fakeLaunches();
    const running = new RunningProfiles({ launch });
    const seen: string[] = [];
    running.onChange((s) => seen.push(`${s.profileId}:${s.state}`));
    const a = running.start('a');
    launches[0]!.finish();
    await a;
    launches[0]!.close();
    await tick();
    expect(running.isRunning('a')).toBe(false);
    const b = running.start('b');
    launches[1]!.fail(new Error('proxy down'));
    await expect(b).rejects.toThrow('proxy down');
    expect(running.list()).toEqual([]);
    expect(seen).toEqual(['a:launching', 'a:running', 'a:stopped', 'b:launching', 'b:stopped']);
  });
});
