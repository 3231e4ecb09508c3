import type { CallResponse, rewardInfoCall } from '@facet/contracts';
import type { Store } from '../repositories/store.ts';
import type { Account } from '../repositories/accounts.ts';
import { maskName, type ReferralRewards } from './referralRewards.ts';
import { assertMain } from './roles.ts';

/** The promotion reward page: the code, the link, who joined with it and what it earned. */
export class RewardService {
  constructor(
    private readonly store: Store,
    private readonly rewards: ReferralRewards,
  ) {}

  async info(actor: Account, origin: string): Promise<CallResponse<typeof rewardInfoCall>> {
    assertMain(actor);
    const rows = await this.store.referralRewards.invitees(actor.id, 500);
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
