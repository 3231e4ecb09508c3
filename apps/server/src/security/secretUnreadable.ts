import type { SealBinding } from './sealedValue.ts';

/**
 * Why a sealed value did not open:
 * - `malformed`: not a sealed value at all;
 * - `old-format`: a `v1:` value (no binding) that the reseal at start could not convert;
 * - `unknown-key`: sealed with an account key version the account does not have (a rotation
 *   deleted it, or the value came from another account);
 * - `not-authentic`: the tag does not match: the value belongs to another row, field or account,
 *   or was altered.
 */
type UnreadableReason = 'malformed' | 'old-format' | 'unknown-key' | 'not-authentic';

/** A sealed value that will not open where it is. Carries where it was, never what it holds. */
export class SecretUnreadable extends Error {
  constructor(
    readonly reason: UnreadableReason,
    readonly binding: SealBinding,
  ) {
    super(`sealed ${binding.table}.${binding.field} of row ${binding.rowId} unreadable: ${reason}`);
    this.name = 'SecretUnreadable';
  }
}
