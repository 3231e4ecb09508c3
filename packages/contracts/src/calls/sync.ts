import { z } from 'zod';
import { defineCall, forApiToken } from '../call.ts';
import { Code } from '../codes.ts';
import { syncRefusalReasons } from '../sync/syncRefusal.ts';
import { limits } from '../limits.ts';
import { chunkIdField, profileLeaseSchema, syncLimits, syncParts, syncVersionSchema } from '../sync/syncState.ts';
import { deviceKeyField } from './launch.ts';

const profileId = z.string().min(1).max(40);

/**
 * Which of these chunks the server lacks for the profile: the agent uploads only those. Asked
 * by the machine holding the profile's lease; the quota is checked against what would be added.
 */
export const profileSyncMissingCall = defineCall({
  path: 'browser/sync/missing',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  readOnly: true,
  summary: 'Which of a profile state\'s chunks the server does not hold yet (asked by the machine that holds the profile\'s lease before it uploads).',
  codes: [Code.NOT_FOUND, Code.LEASE_NOT_HELD, Code.SYNC_TOO_LARGE],
  request: z.object({
    id: profileId,
    deviceKey: deviceKeyField,
    chunks: z.array(z.object({ id: chunkIdField, size: z.number().int().min(1).max(syncLimits.maxSealedChunkBytes) })).max(syncLimits.maxChunksPerVersion),
  }),
  response: z.object({ missing: z.array(chunkIdField) }),
});

/**
 * Makes the uploaded chunks a version of the profile's state. A version made from an older one
 * than the newest (another machine saved meanwhile) is kept as the newest, and the answer names
 * the one it passed, which is kept too: nothing is overwritten without a word.
 */
export const profileSyncCommitCall = defineCall({
  path: 'browser/sync/commit',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  summary: 'Stores a new version of a profile\'s state from chunks already uploaded; answers the version and, when another machine saved meanwhile, the version it was made beside.',
  codes: [Code.NOT_FOUND, Code.LEASE_NOT_HELD, Code.SYNC_CHUNKS_MISSING, Code.SYNC_TOO_LARGE, Code.SYNC_SIZE_MISMATCH],
  request: z.object({
    id: profileId,
    deviceKey: deviceKeyField,
    /** The version this machine's state was made from (what it downloaded or last saved); null for none. */
    baseVersionId: z.string().max(40).nullable(),
    manifestChunk: chunkIdField,
    /**
     * Every chunk reference of the manifest, in its order and with repeats (a file of 300 equal
     * chunks names that chunk 300 times), and the manifest's own: the server counts the version's
     * size from them, so a few stored bytes cannot stand for many written ones.
     */
    chunks: z.array(chunkIdField).min(1).max(syncLimits.maxChunksPerVersion),
    /** Files in the manifest: every chunk but a file's last is a whole chunk. */
    files: z.number().int().nonnegative().max(syncLimits.maxFiles),
    parts: z.array(z.enum(syncParts)).max(syncParts.length),
    /** The files' bytes, repeats included: what an agent applying it may write, and no more. */
    plainBytes: z.number().int().nonnegative(),
  }),
  response: z.object({ version: syncVersionSchema, conflictWith: syncVersionSchema.nullable() }),
});

export const profileSyncVersionsCall = defineCall({
  path: 'browser/sync/versions',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  readOnly: true,
  summary: 'The stored versions of a profile\'s state, newest first.',
  codes: [Code.NOT_FOUND],
  request: z.object({ id: profileId }),
  response: z.object({ list: z.array(syncVersionSchema) }),
});

/** Makes an older version the newest again (as a new version: the one it replaces is kept). */
export const profileSyncRestoreCall = defineCall({
  path: 'browser/sync/restore',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  summary: 'Makes a stored version of a profile\'s state the newest again, as a new version; refused while the profile is open somewhere.',
  codes: [Code.NOT_FOUND, Code.SHARED_ACCESS_TOO_LOW, Code.PROFILE_OPEN_ELSEWHERE],
  request: z.object({ id: profileId, versionId: z.string().min(1).max(40) }),
  response: z.object({ version: syncVersionSchema }),
});

/**
 * This computer refused a stored version (it would not open, or would write where or more than
 * it may): the server marks it, every later start passes it over, and the owner is told. Answers
 * the version to open instead, the newest nobody refused (null: none is left).
 */
export const profileSyncRefuseCall = defineCall({
  path: 'browser/sync/refuse',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  summary:
    "Marks the version of a profile's state its start opened (the newest nobody refused) as refused by the machine holding the profile's lease; answers the newest version not refused. Any other version is 1506, unchanged.",
  codes: [Code.NOT_FOUND, Code.LEASE_NOT_HELD, Code.SYNC_REFUSAL_NOT_OPENED],
  request: z.object({ id: profileId, deviceKey: deviceKeyField, versionId: z.string().min(1).max(40), reason: z.enum(syncRefusalReasons) }),
  response: z.object({ head: syncVersionSchema.nullable() }),
});

/** The running machine's heartbeat: its lease on the profile lasts another while. */
export const profileLeaseRenewCall = defineCall({
  path: 'browser/lease/renew',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  summary: 'Keeps this machine\'s lease on a running profile; refused when another machine holds it now.',
  codes: [Code.NOT_FOUND, Code.LEASE_NOT_HELD, Code.PROFILE_ACCESS_ENDED],
  request: z.object({ id: profileId, deviceKey: deviceKeyField }),
  response: z.object({ expiresAt: z.number().int() }),
});

/**
 * Where one of the machine's leases stands after a beat. `held`: renewed until `expiresAt`.
 * `ended`: the holder may no longer run the profile (`reason`); the browser closes, its last save
 * is still taken until `expiresAt`, then the lease is given back. `lost`: another machine holds it
 * (`holder`), or none does; the browser keeps what it has here.
 */
export const leaseBeatStates = ['held', 'ended', 'lost'] as const;
export const leaseEndReasons = ['accessEnded', 'planExpired'] as const;
export type LeaseEndReason = (typeof leaseEndReasons)[number];
export const leaseBeatSchema = z.object({
  id: z.string(),
  state: z.enum(leaseBeatStates),
  expiresAt: z.number().int().nullable(),
  holder: profileLeaseSchema.nullable(),
  reason: z.enum(leaseEndReasons).nullable(),
});
export type LeaseBeat = z.infer<typeof leaseBeatSchema>;

/**
 * The machine's heartbeat for every profile it runs as this account, in one call every few
 * seconds: what it may keep running is known within seconds of a revoke, a transfer or a plan's end.
 */
export const profileLeaseBeatCall = defineCall({
  path: 'browser/lease/beat',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  summary: "Renews this machine's leases on the profiles it runs, and says of each whether it is still held, has ended (access taken away: close and give it back) or was lost to another machine.",
  codes: [Code.INVALID_INPUT],
  request: z.object({ deviceKey: deviceKeyField, ids: z.array(profileId).min(1).max(limits.leaseBeatProfiles) }),
  response: z.object({ leases: z.array(leaseBeatSchema) }),
});

/** The profile closed on this machine: another may open it at once. */
export const profileLeaseReleaseCall = defineCall({
  path: 'browser/lease/release',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  summary: 'Gives up this machine\'s lease on a profile it has closed.',
  codes: [Code.NOT_FOUND],
  request: z.object({ id: profileId, deviceKey: deviceKeyField }),
  response: z.object({ released: z.boolean() }),
});

/**
 * Whether these profiles run on some machine now (a live lease), for the local API's
 * cloud-active. Only profiles the account sees (its own, shared with it, in a group granted to
 * it) are answered; any other id is left out, so nothing is learnt of another account's profiles.
 */
export const profileLeaseActiveCall = defineCall({
  path: 'browser/lease/active',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  readOnly: true,
  summary: 'Which of these profiles (yours or shared with you) run on some machine now, and where; ids you cannot see are left out of the answer.',
  request: z.object({ ids: z.array(profileId).min(1).max(limits.leaseActiveProfiles) }),
  response: z.object({ list: z.array(z.object({ id: z.string(), running: z.boolean(), lease: profileLeaseSchema.nullable() })) }),
});

export const syncCalls = [profileSyncMissingCall, profileSyncCommitCall, profileSyncVersionsCall, profileSyncRestoreCall, profileSyncRefuseCall, profileLeaseRenewCall, profileLeaseBeatCall, profileLeaseReleaseCall, profileLeaseActiveCall] as const;
export const apiProfileSyncMissingCall = forApiToken(profileSyncMissingCall);
export const apiProfileSyncCommitCall = forApiToken(profileSyncCommitCall);
export const apiProfileSyncVersionsCall = forApiToken(profileSyncVersionsCall);
export const apiProfileSyncRestoreCall = forApiToken(profileSyncRestoreCall);
export const apiProfileSyncRefuseCall = forApiToken(profileSyncRefuseCall);
export const apiProfileLeaseRenewCall = forApiToken(profileLeaseRenewCall);
export const apiProfileLeaseBeatCall = forApiToken(profileLeaseBeatCall);
export const apiProfileLeaseReleaseCall = forApiToken(profileLeaseReleaseCall);
export const apiProfileLeaseActiveCall = forApiToken(profileLeaseActiveCall);
export const apiSyncCalls = [apiProfileSyncMissingCall, apiProfileSyncCommitCall, apiProfileSyncVersionsCall, apiProfileSyncRestoreCall, apiProfileSyncRefuseCall, apiProfileLeaseRenewCall, apiProfileLeaseBeatCall, apiProfileLeaseReleaseCall, apiProfileLeaseActiveCall] as const;
