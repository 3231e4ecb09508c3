import { SYNCHRONIZER_MAX_FOLLOWERS, type RunningBrowser } from '@facet/contracts';

/**
 * Who among the selected profiles can take part in a synchronization, from what this computer
 * runs now. The agent refuses a leader or follower that is not running; the dialog says so first.
 */
export interface SynchronizerCast {
  /** Running with a window: any one may lead, and those not leading follow. */
  windows: string[];
  /** Running without a window: they can follow (replay needs no screen) but nobody works in them, so never lead. */
  headless: string[];
  /** Still starting: they take part once they run. */
  launching: string[];
  /** Not open on this computer: they must be opened first. */
  notRunning: string[];
}

export function castOf(selected: readonly string[], running: ReadonlyMap<string, RunningBrowser>): SynchronizerCast {
  const cast: SynchronizerCast = { windows: [], headless: [], launching: [], notRunning: [] };
  for (const id of new Set(selected)) {
    const browser = running.get(id);
    if (!browser) cast.notRunning.push(id);
    else if (browser.state === 'launching') cast.launching.push(id);
    else if (browser.headless) cast.headless.push(id);
    else cast.windows.push(id);
  }
  return cast;
}

/** Every running profile of the cast but the leader, windows first. */
export function followersOf(cast: SynchronizerCast, leaderId: string | undefined): string[] {
  return [...cast.windows, ...cast.headless].filter((id) => id !== leaderId);
}

/** Why Start cannot be pressed yet, or `ready`. */
export type StartReadiness = 'ready' | 'noLeader' | 'noFollower' | 'tooManyFollowers';

export function startReadiness(cast: SynchronizerCast, leaderId: string | undefined): StartReadiness {
  if (!leaderId || !cast.windows.includes(leaderId)) return 'noLeader';
  const followers = followersOf(cast, leaderId).length;
  if (followers === 0) return 'noFollower';
  if (followers > SYNCHRONIZER_MAX_FOLLOWERS) return 'tooManyFollowers';
  return 'ready';
}
