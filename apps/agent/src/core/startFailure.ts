import type { StartFailureReason } from '@facet/contracts';

/** Where a profile is open when another computer holds its lease (`openElsewhere`). */
export interface OpenElsewhere {
  device: string;
  by: string;
  since: number;
}

/**
 * A start that failed, typed where it failed with the reason the console names
 * (`startError.<reason>`) and the local API answers: the bridge and the local API read the
 * same reason, and nothing downstream looks at messages.
 */
export class StartFailure extends Error {
  constructor(
    readonly reason: StartFailureReason,
    readonly detail: string,
    readonly pluginId: string | null = null,
    readonly elsewhere: OpenElsewhere | null = null,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** Launching needs an account: the console's signed-in user or FACET_API_TOKEN's. */
export class NoAccountError extends StartFailure {
  constructor() {
    super('noAccount', 'no account: sign in through the console or set FACET_API_TOKEN');
  }
}

/** The start's reason; whatever was not typed as a StartFailure is a plain 'failed'. */
export function startFailureReason(error: unknown): StartFailureReason {
  return error instanceof StartFailure ? error.reason : 'failed';
}

/** The `starterror` push of a failed start: its reason, and where it is open for `openElsewhere`. */
export function startErrorPush(profileId: string, error: unknown): { profileId: string; reason: StartFailureReason; elsewhere?: OpenElsewhere } {
  const reason = startFailureReason(error);
  const elsewhere = error instanceof StartFailure ? error.elsewhere : null;
  return { profileId, reason, ...(elsewhere ? { elsewhere } : {}) };
}

/** The proxy's own failures, which the local API groups as AdsPower scripts expect. */
const proxyReasons: ReadonlySet<StartFailureReason> = new Set(['refused', 'authFailed', 'unreachableTarget', 'timeout', 'upstreamError', 'badAnswer']);

/** The local API's `msg` for a failed start: a stable code scripts branch on; `data.reason` has the detail. */
export function localApiMessage(reason: StartFailureReason): string {
  if (proxyReasons.has(reason)) return 'proxyFailed';
  if (reason === 'noAccount') return 'no_account';
  if (reason === 'notFound') return 'profile_not_found';
  return reason;
}
