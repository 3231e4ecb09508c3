import type { Clock } from '../clock.ts';
import type { Account } from '../repositories/accounts.ts';
import type { Store } from '../repositories/store.ts';
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
  async takePending(tx: Store, inviterId: string): Promise<number> {
    const pending = await tx.referralRewards.pending(inviterId);
    if (pending.length === 0) return 0;
    await tx.referralRewards.markApplied(pending.map((r) => r.id), this.clock.now());
    return pending.reduce((sum, r) => sum + r.days, 0);
  }

  /**
   * The payer's first paid order earns its inviter the operator's days: onto the inviter's plan
   * if it has one (after its end, or from now once that passed), else kept for its first plan.
   * The unique invitee key makes a second "first" payment earn nothing.
   */
  async rewardInviter(tx: Store, payer: Account, orderId: string): Promise<void> {
    if (this.daysPerInvitee <= 0 || !payer.invited_by) return;
    const inviter = await tx.accounts.findById(payer.invited_by);
    if (!inviter || inviter.type !== 'main') return;
    if (await tx.referralRewards.existsFor(payer.id)) return;
    const now = this.clock.now();
    const applies = inviter.plan_id !== null;
    await tx.referralRewards.insert({ id: newId('rwd'), inviter_id: inviter.id, invitee_id: payer.id, order_id: orderId, days: this.daysPerInvitee, applied_at: applies ? now : null, created_at: now });
    if (applies) {
      const from = Math.max(now, inviter.plan_expires_at ?? now);
      await tx.accounts.setPlanExpiry(inviter.id, from + this.daysPerInvitee * DAY_MS, now);
    }
    await this.log.record(tx, inviter, 'plan.reward', maskName(payer.username), { days: this.daysPerInvitee, applied: applies ? 1 : 0 }, 'reward');
  }
}

/** "al***e": enough to recognise a friend, not enough to find a stranger. */
export function maskName(name: string): string {
  if (name.length <= 2) return `${name[0] ?? ''}***`;
  return `${name.slice(0, 2)}***${name.slice(-1)}`;
}
