import type { WindowBounds } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import type { BrowserStatus, LaunchedProfile } from './runningProfiles.ts';
import { arrangeWindows, DEFAULT_SCREEN } from './arrangeWindows.ts';

/** Running profiles whose windows record where they were put. */
function running(specs: { id: string; number: number; headless?: boolean; screen?: WindowBounds | null; gone?: boolean }[]) {
  const placed = new Map<string, WindowBounds>();
  const statuses = specs.map((s) => ({ profileId: s.id, state: 'running', number: s.number, headless: s.headless === true }) as BrowserStatus);
  const browsers = new Map(
    specs.map((s) => [
      s.id,
      {
        windows: {
          screen: async () => s.screen ?? null,
          place: async (bounds: WindowBounds) => {
            if (s.gone) throw new Error('the browser has no window');
            placed.set(s.id, bounds);
            return bounds;
          },
        },
      } as unknown as LaunchedProfile,
    ]),
  );
  return { placed, profiles: { list: () => statuses, browser: (id: string) => browsers.get(id) ?? null } };
}

describe('arrange windows', () => {
  it('lays the windows out in the order of their numbers, on the screen the browsers report', async () => {
    const screen = { left: 0, top: 0, width: 1600, height: 900 };
    const { placed, profiles } = running([
      { id: 'b', number: 2, screen },
      { id: 'a', number: 1, screen },
      { id: 'h', number: 3, headless: true },
    ]);
    const result = await arrangeWindows(profiles, {});
    expect(result.screen).toEqual(screen);
    expect([result.columns, result.rows]).toEqual([2, 1]);
    expect(result.windows.map((w) => w.profileId)).toEqual(['a', 'b']);
    expect(placed.get('a')).toEqual({ left: 0, top: 0, width: 800, height: 900 });
    expect(placed.get('b')).toEqual({ left: 800, top: 0, width: 800, height: 900 });
    // A headless browser has no window to move.
    expect(placed.has('h')).toBe(false);
  });

  it('only the profiles asked for; the default screen when none says; a window gone is named', async () => {
    const { placed, profiles } = running([
      { id: 'a', number: 1 },
      { id: 'b', number: 2, gone: true },
      { id: 'c', number: 3 },
    ]);
    const result = await arrangeWindows(profiles, { profileIds: ['a', 'b'], columns: 1 });
    expect(result.screen).toEqual(DEFAULT_SCREEN);
    expect(result.windows.map((w) => w.profileId)).toEqual(['a']);
    expect(result.failed).toEqual(['b']);
    expect([...placed.keys()]).toEqual(['a']);
    expect(placed.get('a')).toEqual({ left: 0, top: 0, width: 1920, height: 540 });
  });
});
