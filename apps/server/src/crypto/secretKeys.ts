import type { Store } from '../repositories/store.ts';
import type { Clock } from '../clock.ts';
import { MasterKey } from '../security/masterKey.ts';
import { discardNextMasterKey, promoteNextMasterKey, readNextMasterKey } from '../security/masterKeyFile.ts';
import { readOrCreateSecret } from '../security/secrets.ts';
import { AccountKeyring } from './accountKeyring.ts';
import { SecretBox, type SecretLog } from './secretBox.ts';
import { resealLegacySecrets } from './secretMigration.ts';

/** Where the master key came from: what a rotation may replace, and what it must tell the operator. */
type MasterKeySource = { kind: 'env' } | { kind: 'file'; dataDir: string };

export interface SecretKeys {
  master: MasterKey;
  source: MasterKeySource;
  keyring: AccountKeyring;
  box: SecretBox;
}

/**
 * The keys for secrets at rest, ready before the server serves or a CLI command runs: the
 * master key (FACET_DATA_KEY, else secrets/data-key), a rotation a crash interrupted finished
 * or abandoned, the master key checked against the account keys it must open, and values of
 * the first format sealed again bound to their owner and row.
 */
export async function openSecretKeys(store: Store, config: { dataKey: string | null; dataDir: string }, clock: Clock, log: SecretLog): Promise<SecretKeys> {
  const source: MasterKeySource = config.dataKey ? { kind: 'env' } : { kind: 'file', dataDir: config.dataDir };
  let master = MasterKey.fromText(config.dataKey ?? readOrCreateSecret(config.dataDir, 'data-key'));
  const repo = store.accountDataKeys;
  if (source.kind === 'file') master = await settleInterruptedRotation(source.dataDir, master, await repo.masterKeyIds(), log);
  const foreign = (await repo.masterKeyIds()).filter((id) => id !== master.id);
  if (foreign.length > 0) {
    throw new Error(
      `the data key (${source.kind === 'env' ? 'FACET_DATA_KEY' : 'secrets/data-key'}, id ${master.id}) is not the key that wrapped the account keys (id ${foreign.join(', ')}). ` +
        'Start with the key the last `admin rotate-keys` named; nothing was changed.',
    );
  }
  const keyring = new AccountKeyring(store, master, clock);
  const box = new SecretBox(keyring, log);
  await resealLegacySecrets(store, box, master, log);
  return { master, source, keyring, box };
}

/**
 * A rotation writes secrets/data-key.next, re-wraps every account key in one transaction, then
 * renames the file over data-key (keyRotation.ts). Found at start, the file tells how far it got:
 * keys wrapped by it mean the transaction committed, so the rename is finished now; none mean
 * it did not, so the file is dropped and the old key stays.
 */
async function settleInterruptedRotation(dataDir: string, current: MasterKey, wrappedBy: string[], log: SecretLog): Promise<MasterKey> {
  const nextText = readNextMasterKey(dataDir);
  if (!nextText) return current;
  const next = MasterKey.fromText(nextText);
  if (wrappedBy.includes(next.id)) {
    promoteNextMasterKey(dataDir);
    log.warn({ masterKeyId: next.id }, 'finished a master key rotation that stopped after the database changed');
    return next;
  }
  discardNextMasterKey(dataDir);
  log.warn({ masterKeyId: current.id }, 'dropped the new master key of a rotation that stopped before the database changed');
  return current;
}
