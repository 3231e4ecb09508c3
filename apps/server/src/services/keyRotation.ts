import type { Store } from '../repositories/store.ts';
import { MasterKey } from '../security/masterKey.ts';
import { promoteNextMasterKey, writeNextMasterKey } from '../security/masterKeyFile.ts';
import { parseSealed } from '../security/sealedValue.ts';
import { resealPass, type ResealCounts, type ResealRule } from '../crypto/resealPass.ts';
import type { SecretLog } from '../crypto/secretBox.ts';
import type { SecretKeys } from '../crypto/secretKeys.ts';

/** Passes over the values before giving up on catching writes made during the rotation. */
const MAX_PASSES = 3;

const quiet: SecretLog = { warn: () => undefined, info: () => undefined };

interface RotationReport {
  accounts: number;
  columns: ResealCounts[];
  /** Values written by something else during the rotation and sealed again by a later pass. */
  latecomers: number;
  keysDropped: number;
  master: { outcome: 'kept' | 'replaced'; source: SecretKeys['source']['kind']; id: string };
}

/**
 * `admin rotate-keys`: every account gets a new data key, every value is sealed again with it,
 * the old keys are deleted (a copy of a value taken before no longer opens anywhere), and the
 * master key is replaced (the data-folder file) or, with FACET_DATA_KEY, replaced when the
 * operator brings the new one. Run with the servers stopped: a server keeps account keys in
 * memory and would go on sealing with a key this deletes.
 */
export class KeyRotation {
  constructor(
    private readonly store: Store,
    private readonly keys: SecretKeys,
    private readonly log: SecretLog,
  ) {}

  async rotate(options: { newMasterKeyText?: string }, progress: (line: string) => void): Promise<RotationReport> {
    const { keyring, box } = this.keys;
    // Checked before anything changes: a bad new key must not leave a half-done rotation behind.
    const replacement = this.replacementMaster(options.newMasterKeyText);
    // 1. A new key version per account, current from now on; the old ones still open old values,
    //    so a crash anywhere before step 3 leaves everything readable and the command can run again.
    const accounts = await this.accountsWithKeys();
    for (let i = 0; i < accounts.length; i += 500) await keyring.addVersions(accounts.slice(i, i + 500));
    progress(`new account keys: ${accounts.length} account(s)`);

    // 2. Every value sealed again under its account's new key, batch by batch.
    const rule: ResealRule = {
      prefix: 'v2:',
      needs: (row, binding) => parseSealed(row.sealed)?.keyVersion !== keyring.current(binding.accountId).version,
      open: (row, binding) => box.open(binding, row.sealed),
    };
    const columns = await resealPass(this.store, box, rule, this.log, (c, final) =>
      progress(final ? `${c.column}: ${c.resealed} sealed again${c.unreadable ? `, ${c.unreadable} unreadable left as they were` : ''}` : `${c.column}: ${c.resealed} sealed again so far…`),
    );
    // A value written with an old key while this ran (a server left running) is caught by
    // another pass; one that still appears after a few is refused before any key is deleted.
    let latecomers = 0;
    for (let pass = 1; ; pass++) {
      // Quiet: the first pass has logged the values that do not open.
      const again = (await resealPass(this.store, box, rule, quiet)).reduce((n, c) => n + c.resealed, 0);
      if (again === 0) break;
      latecomers += again;
      if (pass >= MAX_PASSES) throw new RotationRefused(`values are still being written with old keys (${again} in the last pass): stop every server using this database and run rotate-keys again; no key was deleted`);
    }
    if (latecomers > 0) progress(`values written during the rotation, sealed again: ${latecomers}`);

    // 3. The old account keys go: what they sealed (copies, backups of rows) no longer opens.
    const keysDropped = await keyring.dropOlder();
    progress(`old account keys deleted: ${keysDropped}`);

    // 4. The master key.
    const master = await this.replaceMaster(replacement, progress);
    return { accounts: accounts.length, columns, latecomers, keysDropped, master };
  }

  /**
   * The order keeps every moment readable, whatever stops the process:
   * 1. the new key is written to secrets/data-key.next and synced; data-key still holds the old
   *    one, and every account key is wrapped by the old one: a crash here leaves the old state,
   *    and the next start drops the .next file (secretKeys.ts);
   * 2. one transaction re-wraps every account key under the new key: before its commit the old
   *    state, after it the new key is needed, and it is on disk in data-key.next; the next start
   *    sees account keys wrapped by it and finishes step 3 itself;
   * 3. data-key.next is renamed over data-key (atomic): the new state.
   * With FACET_DATA_KEY there is no file to swap: step 2 alone, and the operator is told to
   * change the variable (the server refuses to start with the old key, naming both ids).
   */
  private async replaceMaster(replacement: { key: MasterKey; text: string } | null, progress: (line: string) => void): Promise<RotationReport['master']> {
    const { source, keyring } = this.keys;
    if (!replacement) return { outcome: 'kept', source: source.kind, id: this.keys.master.id };
    if (source.kind === 'file') writeNextMasterKey(source.dataDir, replacement.text);
    const rewrapped = await keyring.rewrapAll(replacement.key);
    if (source.kind === 'file') promoteNextMasterKey(source.dataDir);
    progress(`account keys wrapped by the new master key: ${rewrapped}`);
    return { outcome: 'replaced', source: source.kind, id: replacement.key.id };
  }

  /** The file's key is always replaced (by a new random one unless given); FACET_DATA_KEY's only when a new one is given. */
  private replacementMaster(text: string | undefined): { key: MasterKey; text: string } | null {
    if (this.keys.source.kind === 'env' && text === undefined) return null;
    const chosen = text ?? MasterKey.generateText();
    const key = MasterKey.fromText(chosen);
    if (key.id === this.keys.master.id) throw new RotationRefused('the new master key is the current one');
    return { key, text: chosen.trim() };
  }

  private async accountsWithKeys(): Promise<string[]> {
    const repo = this.store.accountDataKeys;
    const ids: string[] = [];
    for (let after = ''; ; ) {
      const rows = await repo.page(after, 1000);
      if (rows.length === 0) return ids;
      for (const row of rows) if (ids.at(-1) !== row.account_id) ids.push(row.account_id);
      after = rows.at(-1)!.account_id;
    }
  }
}

/** The rotation cannot go on as asked; its message is for the operator (the CLI prints it). */
export class RotationRefused extends Error {}
