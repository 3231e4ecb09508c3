import { Code } from '@facet/contracts';
import { AppError } from '../../errors.ts';
import type { Services } from '../../services/container.ts';
import { CommandError, parseFlags, requireFlag } from '../args.ts';

/** `admin trial --email E --plan ID`: the 3-day free trial customer service grants (spec §9). */
export async function trial(services: Services, args: readonly string[], out: (line: string) => void): Promise<void> {
  const flags = parseFlags(args, ['email', 'plan']);
  const email = requireFlag(flags, 'email').trim().toLowerCase();
  const account = await services.repositories.accounts.findByEmail(email);
  if (!account) throw new CommandError(`no account with e-mail ${email}`);
  try {
    const until = await services.payments.grantTrial(account, requireFlag(flags, 'plan'));
    out(`trial granted to ${email} until ${new Date(until).toISOString()}`);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const reason = (error.data as { reason?: string } | null)?.reason;
    throw new CommandError(reason ? `no trial: ${reason}` : error.code === Code.MAIN_ACCOUNT_ONLY ? 'trials are for main accounts' : `no plan ${flags.plan}`);
  }
}
