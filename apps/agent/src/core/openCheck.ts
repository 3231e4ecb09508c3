import type { FingerprintCheckOpened } from '@facet/contracts';
import type { RunningProfiles } from './runningProfiles.ts';
import { StartFailure } from '../startFailure.ts';
import type { CheckServer } from '../check/checkServer.ts';

interface OpenCheckDeps {
  running: RunningProfiles;
  checks: CheckServer;
}

/**
 * "Check fingerprint": starts the profile the way Open does when it is not running, then opens a
 * tab in it at a new check page. The tab gets the profile's identity before it loads, as every
 * tab does, and the page reads what any site reads: nothing is granted to it that a site lacks.
 */
export async function openFingerprintCheck(deps: OpenCheckDeps, profileId: string, lang: string, options: { headless?: boolean } = {}): Promise<FingerprintCheckOpened> {
  await deps.running.start(profileId, options);
  const browser = deps.running.browser(profileId);
  if (!browser?.profile) throw new StartFailure('failed', `profile ${profileId}: no running browser to check`);
  const check = await deps.checks.open({ ...browser, profile: browser.profile }, lang);
  try {
    await browser.openTab(check.url);
  } catch (error) {
    check.end();
    throw error;
  }
  return { url: check.url };
}
