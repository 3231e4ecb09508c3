/**
 * Why a stored state was not applied, typed where it was found: the start fails with
 * `syncRefused` (or `syncUnavailable`), the log names this reason, and the profile's folder on this
 * machine stays as it was. Nothing downstream reads the message.
 */
export type SyncRefusalReason =
  /** A chunk or the manifest is shorter than its header says (cut off in storage or transfer). */
  | 'truncated'
  /** A chunk does not open with the profile's key: altered, or sealed with another key. */
  | 'tampered'
  /** Opens with the profile's key, but its bytes hash to another name: sealed by a holder of the key over other bytes (a stored chunk moved to another name fails to open: 'tampered'). */
  | 'mismatch'
  /** More bytes or files than one profile's state may hold, or a chunk larger than a chunk may be. */
  | 'tooLarge'
  /** A path that would leave the profile's folder, or lies outside the part it claims. */
  | 'badPath'
  /** The manifest is not a manifest of this format, or of another profile. */
  | 'badManifest'
  /** The server does not hold a chunk the manifest names. */
  | 'missingChunk';

export class SyncRefusal extends Error {
  constructor(
    readonly reason: SyncRefusalReason,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'SyncRefusal';
  }
}
