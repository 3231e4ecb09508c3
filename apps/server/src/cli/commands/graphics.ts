import type { Services } from '../../services/container.ts';
import { parseFlags, UsageError } from '../args.ts';

/**
 * `admin graphics [--limit N]`: the GPUs and screens of the computers your users' consoles run
 * on (webgl/set_data, one report per account), most common first: what profiles should claim.
 */
export async function graphics(services: Services, args: readonly string[], out: (line: string) => void): Promise<void> {
  const flags = parseFlags(args, ['limit']);
  const limit = flags.limit === undefined ? 20 : Number(flags.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be a whole number from 1 to 1000');
  const { gpus, screens } = await services.repositories.graphics.summary(limit);
  out(['accounts', 'gpu'].join('\t'));
  for (const row of gpus) out([row.accounts, row.renderer].join('\t'));
  out('');
  out(['accounts', 'screen'].join('\t'));
  for (const row of screens) out([row.accounts, row.screen].join('\t'));
}
