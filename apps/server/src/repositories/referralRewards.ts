import type { Insertable } from 'kysely';
import type { ReferralRewardsTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

/** Plan days earned by inviting others, one row per invitee. */
export class ReferralRewardsRepository {
  constructor(private readonly db: Executor) {}

  /** Rewards of the inviter not yet added to a plan. */
  pending(inviterId: string): Promise<{ id: string; days: number }[]> {
    return this.db.selectFrom('referral_rewards').select(['id', 'days']).where('inviter_id', '=', inviterId).where('applied_at', 'is', null).execute();
  }

  async markApplied(ids: readonly string[], now: number): Promise<void> {
    await this.db.updateTable('referral_rewards').set({ applied_at: now }).where('id', 'in', ids).execute();
  }

  async existsFor(inviteeId: string): Promise<boolean> {
    const row = await this.db.selectFrom('referral_rewards').select('id').where('invitee_id', '=', inviteeId).executeTakeFirst();
    return row !== undefined;
  }

  async insert(row: Insertable<ReferralRewardsTable>): Promise<void> {
    await this.db.insertInto('referral_rewards').values(row).execute();
  }

  /** Who joined with the inviter's code, newest first, with what each earned. */
  invitees(inviterId: string, limit: number) {
    return this.db
      .selectFrom('accounts as invitee')
      .leftJoin('referral_rewards as r', 'r.invitee_id', 'invitee.id')
      .select(['invitee.username', 'invitee.created_at', 'r.days', 'r.applied_at'])
      .where('invitee.invited_by', '=', inviterId)
      .orderBy('invitee.created_at', 'desc')
      .limit(limit)
      .execute();
  }
}
