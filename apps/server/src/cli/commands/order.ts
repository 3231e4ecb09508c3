import type { Services } from '../../services/container.ts';
import { CommandError, parseFlags, UsageError } from '../args.ts';
import { formatPrice } from './plan.ts';

/**
 * `admin order list [--status S] | confirm ID | fail ID [--reason R]`: the built-in payment
 * method, where the operator says an order was paid (or not) once the money arrived.
 */
export async function order(services: Services, args: readonly string[], out: (line: string) => void): Promise<void> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      const flags = parseFlags(rest, ['status', 'limit']);
      const status = flags.status;
      if (status !== undefined && !['pending', 'paid', 'failed'].includes(status)) throw new UsageError('--status must be pending, paid or failed');
      const limit = flags.limit === undefined ? 50 : Number(flags.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new UsageError('--limit must be a whole number from 1 to 10000');
      // Paid in a coin: the exact amount to look for on its network (it tells this order apart).
      out(['id', 'account', 'plan', 'kind', 'months', 'amount', 'status', 'method', 'coin', 'created'].join('\t'));
      for (const o of await services.repositories.orders.list(limit, status as 'pending' | 'paid' | 'failed' | undefined)) {
        out([o.id, o.account_id, o.plan_id, o.kind, o.months, formatPrice(o.amount, o.currency), o.status, o.method ?? '-', o.coin_id ? `${o.coin_amount} ${o.coin_id}` : '-', new Date(o.created_at).toISOString()].join('\t'));
      }
      return;
    }
    case 'confirm':
    case 'fail': {
      const [id, ...flagArgs] = rest;
      if (!id || id.startsWith('--')) throw new UsageError(`order ${action} needs the order id`);
      const flags = parseFlags(flagArgs, action === 'fail' ? ['reason'] : []);
      const status = action === 'confirm' ? 'paid' : 'failed';
      const reason = (flags.reason ?? 'failed by the operator').slice(0, 200);
      const result = await services.payments.settle({ orderId: id, status, amount: null, currency: null, accountId: null, ...(status === 'failed' ? { failure: reason } : {}) }, 'operator');
      if (result === 'unknown') throw new CommandError(`no order ${id}`);
      if (result === 'unchanged') {
        const existing = await services.repositories.orders.find(id);
        throw new CommandError(`order ${id} is already ${existing?.status ?? 'settled'}; nothing changed`);
      }
      out(status === 'paid' ? `order ${id} confirmed: the plan is applied` : `order ${id} failed`);
      return;
    }
    default:
      throw new UsageError('order needs one of: list, confirm, fail');
  }
}
