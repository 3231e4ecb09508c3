import type { ArrangeWindowsParameter, ArrangeWindowsResult, WindowBounds } from '@facet/contracts';
import { windowGrid } from '../browser/launch/windowGrid.ts';
import type { RunningProfiles } from './runningProfiles.ts';

/** The screen when no browser can tell (they all closed meanwhile): the commonest desktop. */
export const DEFAULT_SCREEN: WindowBounds = { left: 0, top: 0, width: 1920, height: 1080 };

/**
 * "Arrange windows": the running profiles' windows in a grid on the screen, in the order of
 * their numbers (as the list shows them), each moved through its browser's own DevTools
 * connection. Headless browsers have no window and are left out. The screen is the one the
 * browsers are on, as the first of them reports it.
 */
export async function arrangeWindows(running: Pick<RunningProfiles, 'list' | 'browser'>, request: ArrangeWindowsParameter): Promise<ArrangeWindowsResult> {
  const wanted = request.profileIds ? new Set(request.profileIds) : null;
  const browsers = running
    .list()
    .filter((status) => status.state === 'running' && !status.headless && (!wanted || wanted.has(status.profileId)))
    .sort((a, b) => a.number - b.number)
    .flatMap((status) => {
      const browser = running.browser(status.profileId);
      return browser ? [{ profileId: status.profileId, windows: browser.windows }] : [];
    });
  const screen = (await screenOf(browsers.map((b) => b.windows))) ?? DEFAULT_SCREEN;
  const grid = windowGrid(browsers.length, screen, request);
  const placed = await Promise.allSettled(browsers.map((browser, i) => browser.windows.place(grid.cells[i]!)));
  const windows: ArrangeWindowsResult['windows'] = [];
  const failed: string[] = [];
  placed.forEach((outcome, i) => {
    const { profileId } = browsers[i]!;
    if (outcome.status === 'fulfilled') windows.push({ profileId, bounds: outcome.value });
    else failed.push(profileId);
  });
  return { screen, columns: grid.columns, rows: grid.rows, windows, failed };
}

/** The first answer among the browsers (one may close while asked). */
async function screenOf(windows: { screen(): Promise<WindowBounds | null> }[]): Promise<WindowBounds | null> {
  for (const browser of windows) {
    const screen = await browser.screen().catch(() => null);
    if (screen) return screen;
  }
  return null;
}
