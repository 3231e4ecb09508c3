import { ApiError } from '@facet/api-client';
import { Code, type StartFailureReason } from '@facet/contracts';
import { LaunchError } from '../browser/launchBrowser.ts';
import { PluginRefusedError } from '../plugins/pluginCache.ts';

/** Launching needs an account: the console's signed-in user or FACET_API_TOKEN's. */
export class NoAccountError extends Error {
  constructor() {
    super('no account: sign in through the console or set FACET_API_TOKEN');
  }
}

/** A start this machine refuses before anything is spawned (see core/startChecks.ts). */
export class StartRefusedError extends Error {
  constructor(
    readonly reason: Extract<StartFailureReason, 'diskSpaceLow'>,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** Why a start failed, as the reason the console names (`startError.<reason>`). */
export function startFailureReason(error: unknown): StartFailureReason {
  if (error instanceof LaunchError) return error.reason === 'geoUnknown' ? 'geoUnknown' : (error.proxyFailure ?? 'chromiumFailed');
  if (error instanceof StartRefusedError) return error.reason;
  if (error instanceof PluginRefusedError) return error.reason;
  if (error instanceof NoAccountError) return 'noAccount';
  if (error instanceof ApiError && error.code === Code.NOT_FOUND) return 'notFound';
  if (error instanceof ApiError && error.code === Code.PLAN_EXPIRED) return 'planExpired';
  return 'failed';
}
