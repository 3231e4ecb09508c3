import { START_PAGE_CHECK, START_PAGE_IP, type Kernel, type LaunchSecrets, type Profile } from '@facet/contracts';
import { parseCommandLine } from '../browser/launch/commandLineSwitches.ts';
import { alignToKernel } from './startChecks.ts';
import type { StartOptions } from './runningProfiles.ts';

/** The first tab's page, the tabs after it, and whether the fingerprint check opens once it runs. */
interface StartPages {
  first: string;
  more: string[];
  check: boolean;
}

/** One start of a profile, decided before anything is spawned. */
interface ProfileStart {
  /** The profile as this start runs it. */
  profile: Profile;
  kernel: Kernel;
  pages: StartPages;
  /** The start's own switches (AdsPower's `launch_args`), through the allowlist. */
  launchArgs: string[];
  /** The profile names a kernel this machine does not have: it runs on `kernel` instead. */
  kernelReplaced: boolean;
}

/**
 * The profile as one start runs it, made once from what the server sent: its secrets (opened
 * only here, in the agent), the installed kernel of its major or the default one with the user
 * agent brought along, the start page this start opens, and the profile's own command line left
 * out when the start brings switches of its own (they take its place, as AdsPower's do).
 */
export function profileForStart(sent: Profile, secrets: LaunchSecrets, kernels: readonly Kernel[], options: StartOptions, ipCheckUrl: string): ProfileStart {
  const { kernel, changes } = alignToKernel(kernels, sent);
  const pages = startPages(sent.startPage, ipCheckUrl, options);
  const launchArgs = parseCommandLine((options.launchArgs ?? []).join(' ')).accepted;
  const profile: Profile = {
    ...sent,
    ...changes,
    startPage: pages.first,
    proxy: { ...sent.proxy, username: secrets.proxyUsername, password: secrets.proxyPassword },
    cookies: secrets.cookies,
    fingerprint: launchArgs.length > 0 ? { ...sent.fingerprint, commandLine: '' } : sent.fingerprint,
  };
  return { profile, kernel, pages, launchArgs, kernelReplaced: Object.keys(changes).length > 0 };
}

/**
 * The first tab's page and the tabs after it: the profile's start page (Facet's IP check stands
 * for the agent's IP check service; the fingerprint check opens once the browser runs), unless
 * the start asked for a blank tab, and the IP check page besides when asked (AdsPower's `ip_tab`).
 */
export function startPages(profileStartPage: string, ipCheckUrl: string, options: Pick<StartOptions, 'openStartPage' | 'ipTab' | 'extraTabs'>): StartPages {
  if (options.openStartPage === false) return { first: '', more: [], check: false };
  const isIp = profileStartPage === START_PAGE_IP;
  const check = profileStartPage === START_PAGE_CHECK;
  const first = isIp ? (options.ipTab === false ? '' : ipCheckUrl) : check ? '' : profileStartPage;
  const more = [...(options.ipTab === true && !isIp ? [ipCheckUrl] : []), ...(options.extraTabs ?? [])];
  return { first, more, check };
}
