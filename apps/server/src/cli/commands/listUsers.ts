import type { Services } from '../../services/container.ts';
import { parseFlags, UsageError } from '../args.ts';

export async function listUsers(services: Services, args: readonly string[], out: (line: string) => void): Promise<void> {
  const flags = parseFlags(args, ['limit']);
  const limit = flags.limit === undefined ? 100 : Number(flags.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100_000) throw new UsageError('--limit must be a whole number from 1 to 100000');
  const accounts = await services.repositories.accounts.listAll(limit);
  out(['id', 'type', 'status', 'email', 'username', 'created'].join('\t'));
  for (const a of accounts) {
    out([a.id, a.type, a.status, a.email ?? '-', a.username, new Date(a.created_at).toISOString()].join('\t'));
  }
  out(`${accounts.length} account(s)`);
}
