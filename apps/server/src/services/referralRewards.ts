import type { Clock } from '../clock.ts';
import type { Account } from '../repositories/accounts.ts';
import type { Executor } from '../repositories/executor.ts';
import { newId } from '../security/tokens.ts';
import type { OperationLog } from './operationLog.ts';

const DAY_MS = 86_400_000;

/**
 * Plan days for inviters (spec §2 promotion reward). Runs inside the transaction that applies a
 * paid order, so a reward exists exactly when the payment that earned it does.
 */
export class ReferralRewards {
  constructor(
    private readonly daysPerInvitee: number,
    private readonly log: OperationLog,
    private readonly clock: Clock,
  ) {}

  get days(): number {
    return this.daysPerInvitee;
  }

  /** Days earned earlier that wait for the payer's first plan; marked applied, to add now. */
  async takePending(trx: Executor, inviterId: string): Promise<number> {
    const pending = await trx.selectFrom('referral_rewards').select(['id', 'days']).where('inviter_id', '=', inviterId).where('applied_at', 'is', null).execute();
    if (pending.length === 0) return 0;
    await trx.updateTable('referral_rewards').set({ applied_at: this.clock.now() }).where('id', 'in', pending.map((r) => r.id)).execute();
    return pending.reduce((sum, r) => sum + r.days, 0);
  }

  /**
   * The payer's first paid order earns its inviter the operator's days: onto the inviter's plan
   * if it has one (after its end, or from now once that passed), else kept for its first plan.
   * The unique invitee key makes a second "first" payment earn nothing.
   */
  async rewardInviter(trx: Executor, payer: Account, orderId: string): Promise<void> {
    if (this.daysPerInvitee <= 0 || !payer.invited_by) return;
    const inviter = await trx.selectFrom('accounts').selectAll().where('id', '=', payer.invited_by).executeTakeFirst();
    if (!inviter || inviter.type !== 'main') return;
    const already = await trx.selectFrom('referral_rewards').select('id').where('invitee_id', '=', payer.id).executeTakeFirst();
    if (already) return;
    const now = this.clock.now();
    const applies = inviter.plan_id !== null;
    await trx
      .insertInto('referral_rewards')
      .values({ id: newId('rwd'), inviter_id: inviter.id, invitee_id: payer.id, order_id: orderId, days: this.daysPerInvitee, applied_at: applies ? now : null, created_at: now })
      .execute();
    if (applies) {
      const from = Math.max(now, inviter.plan_expires_at ?? now);
      await trx.updateTable('accounts').set({ plan_expires_at: from + this.daysPerInvitee * DAY_MS, updated_at: now }).where('id', '=', inviter.id).execute();
    }
    await this.log.record(trx, inviter, 'plan.reward', maskName(payer.username), { days: this.daysPerInvitee, applied: applies ? 1 : 0 }, 'reward');
  }
}

/** "al***e": enough to recognise a friend, not enough to find a stranger. */
export function maskName(name: string): string {
  if (name.length <= 2) return `${name[0] ?? ''}***`;
  return `${name.slice(0, 2)}***${name.slice(-1)}`;
}
