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
