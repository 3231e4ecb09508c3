import { z } from 'zod';
import { limits } from '../limits.ts';
import { listField, localIdField } from './fields.ts';

/**
 * `POST /api/v1/browser/cloud-active`: which of 1–100 profiles (`user_ids`, comma-separated as
 * AdsPower's documentation sends them, or an array) run on any machine of the team now: the
 * server's own limit for one question, so none the local API takes is refused there.
 */
export const cloudActiveBodySchema = z.object({ user_ids: listField(localIdField, limits.leaseActiveProfiles).pipe(z.array(z.string()).min(1, { message: 'profile_id_required' })) });

/**
 * One profile's answer: `Active` while some machine holds its lease, else `Inactive`. Profiles the
 * account does not see (another account's, or none) are left out of the list, never reported.
 */
export const cloudActiveSchema = z.object({
  list: z.array(
    z.object({
      user_id: z.string(),
      status: z.enum(['Active', 'Inactive']),
      /** Where it runs (the machine's name) and as whom; '' when it does not. */
      device: z.string(),
      by: z.string(),
    }),
  ),
});
