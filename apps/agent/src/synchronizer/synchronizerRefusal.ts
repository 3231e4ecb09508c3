import type { SynchronizerFailure } from '@facet/contracts';

/** A synchronizer call refused for a reason the caller can act on: a stable code, never text to match. */
export class SynchronizerRefusal extends Error {
  constructor(
    readonly code: SynchronizerFailure,
    readonly profileId?: string,
  ) {
    super(profileId ? `${code}: ${profileId}` : code);
  }
}
