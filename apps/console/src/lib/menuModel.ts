import type { AppMode } from './mode.ts';
import { screenAvailable, welRoutes, type WelScreen } from './routes.ts';

interface MenuLeaf {
  key: string;
  screen: WelScreen;
  path: string;
  labelKey: string;
}

interface MenuGroup {
  key: string;
  labelKey: string;
  children: MenuLeaf[];
}

export type MenuEntry = MenuLeaf | MenuGroup;

/** The label of a screen, in the menu and on its tab. */
/** Screens whose menu label key is not simply their route name. */
const labelKeyOverrides: Partial<Record<WelScreen, string>> = { browser: 'browserList', browsergroup: 'group', share: 'shared' };

export function screenLabelKey(screen: WelScreen): string {
  return `menu.${labelKeyOverrides[screen] ?? screen}`;
}

const leaf = (screen: WelScreen): MenuLeaf => ({ key: screen, screen, path: welRoutes[screen], labelKey: screenLabelKey(screen) });

/** The full menu of spec §2, before trimming. */
function fullMenu(): MenuEntry[] {
  return [
    leaf('share'),
    { key: 'browserManagement', labelKey: 'menu.browserManagement', children: [leaf('browser'), leaf('browsergroup'), leaf('recycle')] },
    { key: 'accountList', labelKey: 'menu.myAccount', children: [leaf('package'), leaf('sub'), leaf('hosts'), leaf('operlog'), leaf('setting')] },
    leaf('application'),
    leaf('helper'),
    leaf('reward'),
  ];
}

/**
 * Trims the menu (spec §2): the browser version drops the client-only screens; a sub-account
 * loses the first three children of "my account". Groups left empty disappear.
 */
export function buildMenu(mode: AppMode, accountType: 'main' | 'sub'): MenuEntry[] {
  const subDrops: WelScreen[] = ['package', 'sub', 'operlog'];
  const keep = (entry: MenuLeaf) => screenAvailable(entry.screen, mode) && !(accountType === 'sub' && subDrops.includes(entry.screen));
  return fullMenu()
    .map((entry): MenuEntry | null => {
      if ('screen' in entry) return keep(entry) ? entry : null;
      const children = entry.children.filter(keep);
      return children.length ? { ...entry, children } : null;
    })
    .filter((entry): entry is MenuEntry => entry !== null);
}

/** Screens a person may open in this mode and role (menu screens plus the user menu's). */
export function allowedScreens(mode: AppMode, accountType: 'main' | 'sub'): Set<WelScreen> {
  const screens = new Set<WelScreen>();
  for (const entry of buildMenu(mode, accountType)) {
    if ('screen' in entry) screens.add(entry.screen);
    else for (const child of entry.children) screens.add(child.screen);
  }
  screens.add('userinfo');
  if (screenAvailable('kyc', mode)) screens.add('kyc');
  return screens;
}
