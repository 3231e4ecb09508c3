import { z } from 'zod';
import { limits } from '../limits.ts';
import { startFailureReasons } from '../startFailure.ts';

const profileIdsSchema = z.array(z.string().min(1).max(64)).min(1).max(limits.maxProfilesPerBatch);

/** `startBrowsers`: each start goes the way one click's does (same launch, same rules). */
export const startBrowsersParameterSchema = z.object({ profileIds: profileIdsSchema, headless: z.boolean().optional() });
export const stopBrowsersParameterSchema = z.object({ profileIds: profileIdsSchema });
export const cancelBatchParameterSchema = z.object({ batchId: z.string().min(1).max(64) });

/**
 * How one profile of a batch ended: `done` opened (or closed) by this batch; `skipped` had
 * nothing to do (already running for an open, not running for a close); `cancelled` was never
 * begun (the batch was cancelled, or a close came first).
 */
export const browserBatchOutcomes = ['done', 'failed', 'skipped', 'cancelled'] as const;
export const browserBatchResultSchema = z.object({
  profileId: z.string(),
  outcome: z.enum(browserBatchOutcomes),
  /** Why a start failed (`startError.<reason>`); a failed close says `failed`. */
  reason: z.enum(startFailureReasons).optional(),
});
export type BrowserBatchResult = z.infer<typeof browserBatchResultSchema>;

/**
 * A batch as it stands: answered by `startBrowsers` / `stopBrowsers`, then pushed as `batch`
 * while it runs and once more when it has finished, with every profile's result.
 */
export const browserBatchSchema = z.object({
  batchId: z.string(),
  action: z.enum(['start', 'stop']),
  total: z.number().int().positive(),
  /** Profiles being started (or closed) right now. */
  active: z.array(z.string()),
  /** One per profile that has ended, in the order they ended. */
  results: z.array(browserBatchResultSchema),
  cancelled: z.boolean(),
  finished: z.boolean(),
  /** Grows with every change: the console keeps the newest of an answer and the pushes. */
  seq: z.number().int().nonnegative(),
});
export type BrowserBatch = z.infer<typeof browserBatchSchema>;
export const browserBatchListSchema = z.array(browserBatchSchema);
