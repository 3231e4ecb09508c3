import type { Store } from '../repositories/store.ts';
import { sealedColumns, type SealedColumn, type SealedValueRow } from '../repositories/sealedValues.ts';
import type { SealBinding } from '../security/sealedValue.ts';
import { SecretUnreadable } from '../security/secretUnreadable.ts';
import type { SecretBox, SecretLog } from './secretBox.ts';

/** Rows read, opened and written per transaction: short transactions, few round trips. */
const RESEAL_BATCH = 500;

/** Rows between progress reports of a long column (100,000 profiles: ten lines, not two hundred). */
const PROGRESS_EVERY = 10_000;

export interface ResealCounts {
  /** `table.field`, e.g. `profiles.secrets`. */
  column: string;
  resealed: number;
  /** Values that would not open; left as they are (they read as empty) and logged by row. */
  unreadable: number;
}

export interface ResealRule {
  /** Only values starting with this are read (`v1:` for the conversion at start). */
  prefix: string;
  /** Whether the value needs sealing again (a rotation skips values already on the new key). */
  needs(row: SealedValueRow, binding: SealBinding): boolean;
  /** The plaintext; throws SecretUnreadable when it will not open (anything else is a fault and stops the pass). */
  open(row: SealedValueRow, binding: SealBinding): string;
}

function bindingOf(column: SealedColumn, row: SealedValueRow): SealBinding {
  return { accountId: row.accountId, table: column.table, rowId: row.id, field: column.field };
}

/**
 * Seals every matching value again with its owner's current key, bound to its row: each column
 * in id order, a batch per statement, each value replaced only if unchanged since it was read.
 * Safe to run again after a crash, or twice at once: a value already done is not done again.
 */
export async function resealPass(store: Store, box: SecretBox, rule: ResealRule, log: SecretLog, progress: (counts: ResealCounts, final: boolean) => void = () => undefined): Promise<ResealCounts[]> {
  const totals: ResealCounts[] = [];
  for (const column of sealedColumns) {
    const counts: ResealCounts = { column: `${column.table}.${column.field}`, resealed: 0, unreadable: 0 };
    let after = '';
    let read = 0;
    let reported = 0;
    for (;;) {
      const rows = await store.sealedValues.page(column, after, RESEAL_BATCH, rule.prefix);
      if (rows.length === 0) break;
      after = rows.at(-1)!.id;
      read += rows.length;
      // Keys first, in their own statements (accountKeyring.ts says why).
      await box.ready(rows.map((r) => r.accountId));
      const changes: { id: string; expected: string; next: string }[] = [];
      for (const row of rows) {
        const binding = bindingOf(column, row);
        if (!rule.needs(row, binding)) continue;
        let plain: string;
        try {
          plain = rule.open(row, binding);
        } catch (error) {
          if (!(error instanceof SecretUnreadable)) throw error;
          counts.unreadable += 1;
          log.warn({ secret: { ...binding, reason: error.reason } }, 'sealed value does not open; left as it is');
          continue;
        }
        changes.push({ id: row.id, expected: row.sealed, next: box.seal(binding, plain) });
      }
      // One statement per batch, so one transaction: all of the batch or none of it.
      counts.resealed += await store.sealedValues.replaceMany(column, changes);
      // A long column says how far it got now and then.
      if (rows.length === RESEAL_BATCH && read - reported >= PROGRESS_EVERY) {
        reported = read;
        progress(counts, false);
      }
    }
    progress(counts, true);
    totals.push(counts);
  }
  return totals;
}
