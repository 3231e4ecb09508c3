import type { Services } from '../../services/container.ts';
import { parseFlags, UsageError } from '../args.ts';

/** `admin feedback [--limit N]`: what people sent through the feedback dialog, newest first. */
export async function feedback(services: Services, args: readonly string[], out: (line: string) => void): Promise<void> {
  const flags = parseFlags(args, ['limit']);
  const limit = flags.limit === undefined ? 50 : Number(flags.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new UsageError('--limit must be a whole number from 1 to 10000');
  out(['date', 'account', 'score', 'contacts', 'content'].join('\t'));
  for (const row of await services.feedback.list(limit)) {
    const contacts = Object.entries(JSON.parse(row.contacts) as Record<string, string>).map(([k, v]) => `${k}: ${v}`).join(', ') || '-';
    // One line per entry: line breaks in the comment would split it.
    out([new Date(row.created_at).toISOString(), row.email ?? row.username, row.score, contacts, row.content.replace(/\s+/g, ' ')].join('\t'));
  }
}
