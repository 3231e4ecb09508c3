import type { CallResponse, rewardInfoCall } from '@facet/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Account } from '../repositories/accounts.ts';
import { maskName, type ReferralRewards } from './referralRewards.ts';
import { assertMain } from './roles.ts';

/** The promotion reward page: the code, the link, who joined with it and what it earned. */
export class RewardService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rewards: ReferralRewards,
  ) {}

  async info(actor: Account, origin: string): Promise<CallResponse<typeof rewardInfoCall>> {
    assertMain(actor);
    const rows = await this.db
      .selectFrom('accounts as invitee')
      .leftJoin('referral_rewards as r', 'r.invitee_id', 'invitee.id')
      .select(['invitee.username', 'invitee.created_at', 'r.days', 'r.applied_at'])
      .where('invitee.invited_by', '=', actor.id)
      .orderBy('invitee.created_at', 'desc')
      .limit(500)
      .execute();
    const invited = rows.map((r) => ({ name: maskName(r.username), joinedAt: r.created_at, days: r.days ?? 0, applied: r.applied_at !== null && r.applied_at !== undefined }));
    return {
      invitationCode: actor.invitation_code,
      link: `${origin}/register?invite=${encodeURIComponent(actor.invitation_code)}`,
      daysPerInvitee: this.rewards.days,
      invited,
      totalDays: invited.reduce((sum, r) => sum + r.days, 0),
    };
  }
}
