import { z } from 'zod';
import { defineCall } from '../call.ts';

/** A field that is not bound shows the literal 'unbound' (spec §3). */
export const UNBOUND = 'unbound';

export const memberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** 'sub' for a sub-account, 'main' otherwise. */
  type: z.enum(['main', 'sub']),
  subscription: z.object({
    /** Never had a plan. */
    isNew: z.boolean(),
    expired: z.boolean(),
    /**
     * The plan has expired and the team holds more than the free allowance lets it keep: profile
     * functions (open, create, edit, share) are refused until it renews. An expired team within
     * the allowance goes on as a free one.
     */
    restricted: z.boolean(),
    expiresAt: z.number().int().nullable(),
  }),
  invitationCode: z.string().nullable(),
  createdAt: z.number().int(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberCall = defineCall({
  path: 'member',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'account',
  summary: 'The signed-in account.',
  request: z.object({}).strict(),
  response: z.object({ member: memberSchema }),
});

/** The same answer for scripts holding an API token (prefix /v2/api/). */
export const apiMemberCall = defineCall({
  path: 'member',
  method: 'post',
  access: 'apiToken',
  readOnly: true,
  tag: 'api',
  summary: 'The account that owns the API token.',
  request: z.object({}).strict(),
  response: z.object({ member: memberSchema }),
});
