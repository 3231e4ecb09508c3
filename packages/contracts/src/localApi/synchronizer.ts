import { z } from 'zod';
import { SYNCHRONIZER_MAX_FOLLOWERS, followerStateSchema, synchronizerOptionsSchema, type SynchronizerOptionsInput, type SynchronizerStatus } from '../synchronizer.ts';
import { listField, localIdField } from './fields.ts';

/**
 * The window synchronizer on the local API (Facet's own paths, snake_case as AdsPower's):
 * `POST /api/v1/synchronizer/start` { leader_id, follower_ids, options? }, `stop`, `GET status`,
 * `resync` and `drop` { user_id }. Shapes and states are the synchronizer's (../synchronizer.ts).
 */
/**
 * `options` by the local API's snake_case names, checked by the synchronizer's own rules (the
 * bounds, the delays' order) once put into its names.
 */
const localSynchronizerOptionsSchema = z
  .object({
    min_delay_ms: z.number().optional(),
    max_delay_ms: z.number().optional(),
    jitter_px: z.number().optional(),
    navigation_settle_ms: z.number().optional(),
  })
  .strict()
  .transform((o): SynchronizerOptionsInput => ({
    ...(o.min_delay_ms === undefined ? {} : { minDelayMs: o.min_delay_ms }),
    ...(o.max_delay_ms === undefined ? {} : { maxDelayMs: o.max_delay_ms }),
    ...(o.jitter_px === undefined ? {} : { jitterPx: o.jitter_px }),
    ...(o.navigation_settle_ms === undefined ? {} : { navigationSettleMs: o.navigation_settle_ms }),
  }))
  .pipe(synchronizerOptionsSchema);

export const localSynchronizerStartSchema = z
  .object({
    leader_id: localIdField,
    follower_ids: listField(localIdField, SYNCHRONIZER_MAX_FOLLOWERS).pipe(z.array(z.string()).min(1)),
    /** `min_delay_ms`, `max_delay_ms` (each follower's delay, drawn anew per event), `jitter_px`, `navigation_settle_ms`. */
    options: localSynchronizerOptionsSchema.optional(),
  })
  .refine((input) => new Set(input.follower_ids).size === input.follower_ids.length, { message: 'duplicate_follower', path: ['follower_ids'] })
  .refine((input) => !input.follower_ids.includes(input.leader_id), { message: 'leader_as_follower', path: ['follower_ids'] });

/** resync and drop: the follower, by id. */
export const localSynchronizerFollowerSchema = z.object({ user_id: localIdField });

export const localSynchronizerStatusSchema = z.object({
  running: z.boolean(),
  leader_id: z.string().nullable(),
  leader_url: z.string().optional(),
  followers: z.array(z.object({ user_id: z.string(), state: followerStateSchema, url: z.string().optional() })),
});
export type LocalSynchronizerStatus = z.infer<typeof localSynchronizerStatusSchema>;

/** The synchronizer's status in the local API's words. */
export function localSynchronizerStatusOf(status: SynchronizerStatus): LocalSynchronizerStatus {
  return {
    running: status.running,
    leader_id: status.leaderId,
    ...(status.leaderUrl ? { leader_url: status.leaderUrl } : {}),
    followers: status.followers.map((f) => ({ user_id: f.profileId, state: f.state, ...(f.url ? { url: f.url } : {}) })),
  };
}
