import { z } from 'zod';

/**
 * `msgbox` (spec §4): code 101 shows an alert, 100 a message (msgtype 1 success, 2 warning,
 * 3 error), 86 opens the exit dialog.
 */
export const msgboxPushSchema = z.object({
  code: z.union([z.literal(100), z.literal(101), z.literal(86)]),
  msgtype: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  content: z.string().max(2000).default(''),
});

/**
 * Pushed as `syncprogress` while a profile's state is downloaded before its start or saved after
 * its stop (and every few minutes while it runs); `finished` once more at the end, with `failed`
 * when the save did not reach the server (it is tried again at the next save or start).
 */
export const syncProgressPushSchema = z.object({
  profileId: z.string(),
  direction: z.enum(['upload', 'download']),
  doneBytes: z.number().int().nonnegative(),
  totalBytes: z.number().int().nonnegative(),
  finished: z.boolean(),
  failed: z.boolean().optional(),
});
export type SyncProgressPush = z.infer<typeof syncProgressPushSchema>;

/** Pushed as `syncconflict`: this machine's save was made beside a newer one of another machine; both are kept. */
export const syncConflictPushSchema = z.object({
  profileId: z.string(),
  /** The version this machine saved (now the newest). */
  savedNumber: z.number().int(),
  /** The other machine's version it was made beside, kept too. */
  otherNumber: z.number().int(),
  otherDevice: z.string(),
});
export type SyncConflictPush = z.infer<typeof syncConflictPushSchema>;

/** Pushed as `leaselost`: another machine has taken the profile while this browser ran (its lease had lapsed). */
export const leaseLostPushSchema = z.object({ profileId: z.string(), device: z.string().nullable() });

/**
 * Pushed as `accessended`: the agent closed the browser because this account may no longer run
 * the profile (the owner revoked the share or handed the profile over, the group was taken away,
 * the team's plan ended), or because the sign-in it ran with is gone. Its state was saved for the owner.
 */
export const accessEndedReasons = ['accessEnded', 'planExpired', 'signedOut'] as const;
export const accessEndedPushSchema = z.object({ profileId: z.string(), name: z.string(), reason: z.enum(accessEndedReasons) });

/** Pushed as `synchronizer` with the window synchronizer's status (../synchronizer.ts) whenever it changes: a start, a stop, a follower's state. */
export { synchronizerStatusSchema as synchronizerPushSchema } from '../synchronizer.ts';
