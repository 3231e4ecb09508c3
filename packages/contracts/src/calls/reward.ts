import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Code } from '../codes.ts';

/**
 * The promotion reward (spec §2, §3): a main account's invitation code and link, the accounts
 * that signed up with it, and the days of plan time their first payments earned. The number of
 * days per paying invitee is the operator's (FACET_REFERRAL_DAYS; 0: no reward programme).
 */
export const rewardInfoCall = defineCall({
  path: 'reward/info',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'account',
  summary: 'Your invitation code and link, who signed up with it, and the plan days earned. Main accounts only.',
  codes: [Code.MAIN_ACCOUNT_ONLY],
  request: z.object({}).strict(),
  response: z.object({
    invitationCode: z.string(),
    /** The sign-up page with the code filled in. */
    link: z.string(),
    /** Days earned per invitee's first payment; 0 when the operator offers no reward. */
    daysPerInvitee: z.number().int(),
    invited: z.array(
      z.object({
        /** Partly hidden: the inviter learns that someone joined, not who exactly. */
        name: z.string(),
        joinedAt: z.number().int(),
        /** Days this invitee earned (0 until its first payment). */
        days: z.number().int(),
        /** Earned days wait for a plan to add to: false until the inviter has one. */
        applied: z.boolean(),
      }),
    ),
    totalDays: z.number().int(),
  }),
});
