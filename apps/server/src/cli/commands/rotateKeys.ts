import fs from 'node:fs';
import type { Services } from '../../services/container.ts';
import { RotationRefused } from '../../services/keyRotation.ts';
import { CommandError, parseFlags, UsageError } from '../args.ts';

/**
 * `admin rotate-keys [--new-master-key-file FILE]`: a new data key for every account, every
 * sealed secret sealed again with it, the old account keys deleted; and a new master key: the
 * data folder's secrets/data-key is replaced in place, FACET_DATA_KEY only when FILE brings the
 * new one (then the operator changes the variable). Run with every server stopped.
 */
export async function rotateKeys(services: Services, args: readonly string[], out: (line: string) => void): Promise<void> {
  const flags = parseFlags(args, ['new-master-key-file']);
  const file = flags['new-master-key-file'];
  const newMasterKeyText = file === undefined ? undefined : readKeyFile(file);
  out('Rotating the data keys. Keep every Facet server using this database stopped until this finishes.');
  try {
    const report = await services.keyRotation.rotate(newMasterKeyText === undefined ? {} : { newMasterKeyText }, out);
    const resealed = report.columns.reduce((n, c) => n + c.resealed, 0) + report.latecomers;
    const unreadable = report.columns.reduce((n, c) => n + c.unreadable, 0);
    out(`Done: ${report.accounts} account key(s) replaced, ${resealed} value(s) sealed again, ${report.keysDropped} old key(s) deleted${unreadable ? `, ${unreadable} unreadable value(s) left as they were (they read as empty; the log names their rows)` : ''}.`);
    const { master } = report;
    if (master.outcome === 'kept') {
      out(`Master key: kept (FACET_DATA_KEY, id ${master.id}). To replace it too, run again with --new-master-key-file FILE.`);
    } else if (master.source === 'file') {
      out(`Master key: replaced in the data folder's secrets/data-key (id ${master.id}). Back it up with the database; the old key opens nothing any more.`);
    } else {
      out(`Master key: replaced (id ${master.id}). Set FACET_DATA_KEY to the contents of ${file} wherever the server and this CLI run, then start the server.`);
      out('The old FACET_DATA_KEY opens nothing any more; a server started with it refuses to start and names both key ids.');
    }
    if (master.outcome === 'replaced') out('Browsers opened by run-only recipients before now cannot save their cookies at stop (their launch grants were sealed with the old master key).');
  } catch (error) {
    if (error instanceof RotationRefused) throw new CommandError(error.message);
    throw error;
  }
}

function readKeyFile(file: string): string {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  if (Buffer.from(text, 'base64url').length !== 32 || !/^[A-Za-z0-9_-]+$/.test(text)) throw new UsageError(`${file} must hold a 32-byte key, base64url-encoded (e.g. node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))")`);
  return text;
}
