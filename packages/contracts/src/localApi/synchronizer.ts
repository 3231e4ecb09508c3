import { z } from 'zod';
import { SYNCHRONIZER_MAX_FOLLOWERS, followerStateSchema, synchronizerOptionsSchema, type SynchronizerStatus } from '../synchronizer.ts';
import { listField, localIdField } from './fields.ts';

/**
 * The window synchronizer on the local API (Facet's own paths, snake_case as AdsPower's):
 * `POST /api/v1/synchronizer/start` { leader_id, follower_ids, options? }, `stop`, `GET status`,
 * `resync` and `drop` { user_id }. Shapes and states are the synchronizer's (../synchronizer.ts).
 */
export const localSynchronizerStartSchema = z
  .object({
    leader_id: localIdField,
    follower_ids: listField(localIdField, SYNCHRONIZER_MAX_FOLLOWERS).pipe(z.array(z.string()).min(1)),
    options: synchronizerOptionsSchema.optional(),
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
