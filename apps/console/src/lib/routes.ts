import type { AppMode } from './mode.ts';

/** Every screen under /wel with its menu label key; order here is menu order. */
export const welRoutes = {
  browser: '/wel/browser',
  share: '/wel/share',
  browsergroup: '/wel/browsergroup',
  recycle: '/wel/recycle',
  package: '/wel/account/package',
  sub: '/wel/account/sub',
  hosts: '/wel/account/hosts',
  operlog: '/wel/account/operlog',
  setting: '/wel/account/setting',
  application: '/wel/application',
  helper: '/wel/helper',
  reward: '/wel/reward',
  userinfo: '/wel/userinfo',
  kyc: '/wel/kyc',
} as const;
export type WelScreen = keyof typeof welRoutes;

/** Screens the browser-only version does not have (spec §2). */
const clientOnlyScreens: readonly WelScreen[] = ['browser', 'share', 'application', 'browsergroup', 'reward', 'setting', 'kyc'];

export function screenAvailable(screen: WelScreen, mode: AppMode): boolean {
  return mode === 'client' || !clientOnlyScreens.includes(screen);
}

interface LandingInput {
  mode: AppMode;
  mobile: boolean;
  accountType: 'main' | 'sub';
}

/** Where a signed-in person lands (spec §2 "after login"). */
export function landingPath({ mode, mobile, accountType }: LandingInput): string {
  if (mobile) return accountType === 'sub' ? '/mobile/package' : '/mobile/my';
  if (mode === 'client') return welRoutes.browser;
  return accountType === 'sub' ? welRoutes.helper : welRoutes.package;
}

/** Where `/` sends people (spec §2), before knowing the account. */
export function rootPath({ mode, mobile }: Omit<LandingInput, 'accountType'>): string {
  if (mobile) return '/mobile/my';
  return mode === 'browser' ? welRoutes.package : welRoutes.browser;
}

/** The screen a /wel path shows, if any. */
export function screenForPath(pathname: string): WelScreen | null {
  const entry = Object.entries(welRoutes).find(([, path]) => path === pathname);
  return entry ? (entry[0] as WelScreen) : null;
}
