import type { Services } from '../../services/container.ts';
import { parseFlags, requireFlag, UsageError } from '../args.ts';

export async function apiToken(services: Services, args: readonly string[], out: (line: string) => void): Promise<void> {
  const flags = parseFlags(args, ['email']);
  const email = requireFlag(flags, 'email').trim().toLowerCase();
  const account = await services.repositories.accounts.findByEmail(email);
  if (!account) throw new UsageError(`no account with e-mail ${email}`);
  if (account.type !== 'main') throw new UsageError('API tokens belong to main accounts only');
  // Printed once; only its hash is stored.
  out(await services.apiTokens.issue(account));
}
