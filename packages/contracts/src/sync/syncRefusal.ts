import { z } from 'zod';

/**
 * Why an agent refused a stored version of a profile's state (issue 34): it tells the server,
 * which marks the version, passes it over at every later start and tells the profile's owner.
 */
export const syncRefusalReasons = [
  /** A chunk or the manifest is shorter than its header says (cut off in storage or transfer). */
  'truncated',
  /** A chunk does not open with the profile's key: altered, or sealed with another key. */
  'tampered',
  /** Opens with the profile's key, but its bytes hash to another name. */
  'mismatch',
  /** More bytes or files than one profile's state may hold, or a chunk larger than a chunk may be. */
  'tooLarge',
  /** The manifest would write more bytes than the server counted for the version (repeated chunks). */
  'overCounted',
  /** A path that would leave the profile's folder, or lies outside the part it claims. */
  'badPath',
  /** The manifest is not a manifest of this format, or of another profile. */
  'badManifest',
  /** The server does not hold a chunk the manifest names. */
  'missingChunk',
] as const;
export type SyncRefusalReason = (typeof syncRefusalReasons)[number];

/** A version some computer refused: who was signed in there, which computer, when and why. */
export const syncVersionRefusalSchema = z.object({
  at: z.number().int(),
  by: z.string(),
  device: z.string(),
  reason: z.enum(syncRefusalReasons),
});

/** Data of the SYNC_VERSION_REFUSED push to the profile's owner: the version, who made it, who refused it. */
export const syncVersionRefusedPushSchema = z.object({
  profileId: z.string(),
  profileName: z.string(),
  number: z.number().int(),
  /** Who saved the refused version, and on which computer. */
  madeBy: z.string(),
  madeOn: z.string(),
  refusal: syncVersionRefusalSchema,
  /** The version starts open instead; null when no stored version is left to use. */
  usingNumber: z.number().int().nullable(),
});
export type SyncVersionRefusedPush = z.infer<typeof syncVersionRefusedPushSchema>;
