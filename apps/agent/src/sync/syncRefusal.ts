import type { SyncRefusalReason } from '@facet/contracts';

/**
 * Why a stored state was not applied, typed where it was found (the reasons are the contract's:
 * the agent tells the server, which passes the version over and tells the owner). The profile's
 * folder on this machine stays as it was. Nothing downstream reads the message.
 */
export type { SyncRefusalReason };

export class SyncRefusal extends Error {
  constructor(
    readonly reason: SyncRefusalReason,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'SyncRefusal';
  }
}
