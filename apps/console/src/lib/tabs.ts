import type { WelScreen } from './routes.ts';

/** The tab strip as data (spec §2): one tab per open page, one active. */
export interface TabsState {
  tabs: WelScreen[];
  active: WelScreen | null;
}

export const emptyTabs: TabsState = { tabs: [], active: null };

/** Opening an open page re-selects its tab; a new page is added at the end. */
export function openTab(state: TabsState, screen: WelScreen): TabsState {
  return { tabs: state.tabs.includes(screen) ? state.tabs : [...state.tabs, screen], active: screen };
}

/** Closing the active tab selects its right neighbour, else its left one. The last tab cannot close. */
export function closeTab(state: TabsState, screen: WelScreen): TabsState {
  if (state.tabs.length <= 1 || !state.tabs.includes(screen)) return state;
  const index = state.tabs.indexOf(screen);
  const tabs = state.tabs.filter((t) => t !== screen);
  const active = state.active === screen ? (tabs[index] ?? tabs[index - 1] ?? null) : state.active;
  return { tabs, active };
}

export function closeOthers(state: TabsState): TabsState {
  return state.active ? { tabs: [state.active], active: state.active } : state;
}

/** A stored state is trusted only as far as it names screens this person may open. */
export function sanitizeTabs(stored: unknown, allowed: ReadonlySet<WelScreen>): TabsState {
  const raw = stored as Partial<TabsState> | null;
  const tabs = Array.isArray(raw?.tabs) ? [...new Set(raw.tabs.filter((t): t is WelScreen => allowed.has(t as WelScreen)))] : [];
  const active = raw?.active && tabs.includes(raw.active) ? raw.active : (tabs[tabs.length - 1] ?? null);
  return { tabs, active };
}
