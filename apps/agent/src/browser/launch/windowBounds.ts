import type { WindowBounds } from '@facet/contracts';
import type { CdpConnection } from '../cdp/cdp.ts';

/** A running browser's windows, moved through its own DevTools connection (no window-manager tools). */
export interface BrowserWindows {
  /**
   * The available area (without task bars) of the primary screen as Chromium sees it, or null
   * when it does not say. Headful, Emulation.getScreenInfos reports the real screens; the
   * profile's emulated screen lives in its pages only.
   */
  screen(): Promise<WindowBounds | null>;
  /** Puts every window of the browser at `bounds`; the main window's bounds as Chromium reports them afterwards. */
  place(bounds: WindowBounds): Promise<WindowBounds>;
}

interface ScreenInfo {
  availLeft: number;
  availTop: number;
  availWidth: number;
  availHeight: number;
  isPrimary: boolean;
}

interface WindowForTarget {
  windowId: number;
  bounds: Partial<WindowBounds> & { windowState?: string };
}

export function browserWindows(connection: CdpConnection): BrowserWindows {
  const windowsOfTabs = async (): Promise<WindowForTarget[]> => {
    const { targetInfos } = await connection.send<{ targetInfos: { targetId: string; type: string }[] }>('Target.getTargets');
    const seen = new Map<number, WindowForTarget>();
    for (const target of targetInfos.filter((t) => t.type === 'page')) {
      // A tab closing meanwhile has no window any more: the others still count.
      const found = await connection.send<WindowForTarget>('Browser.getWindowForTarget', { targetId: target.targetId }).catch(() => null);
      if (found && !seen.has(found.windowId)) seen.set(found.windowId, found);
    }
    return [...seen.values()];
  };
  return {
    screen: async () => {
      const { screenInfos } = await connection.send<{ screenInfos: ScreenInfo[] }>('Emulation.getScreenInfos');
      const screen = screenInfos.find((s) => s.isPrimary) ?? screenInfos[0];
      if (!screen || screen.availWidth <= 0 || screen.availHeight <= 0) return null;
      return { left: screen.availLeft, top: screen.availTop, width: screen.availWidth, height: screen.availHeight };
    },
    place: async (bounds) => {
      const windows = await windowsOfTabs();
      if (windows.length === 0) throw new Error('the browser has no window');
      for (const { windowId, bounds: now } of windows) {
        // A maximized, minimized or full-screen window takes no bounds: it is made normal first.
        if (now.windowState !== 'normal') await connection.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'normal' } });
        await connection.send('Browser.setWindowBounds', { windowId, bounds: { ...bounds } });
      }
      const { bounds: after } = await connection.send<{ bounds: WindowBounds }>('Browser.getWindowBounds', { windowId: windows[0]!.windowId });
      return { left: after.left, top: after.top, width: after.width, height: after.height };
    },
  };
}
