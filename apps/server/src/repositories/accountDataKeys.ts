import type { Selectable } from 'kysely';
import type { AccountDataKeysTable } from '../db/schema.ts';
import { chunk, type Executor } from './executor.ts';

export type AccountDataKeyRecord = Selectable<AccountDataKeysTable>;

/** Accounts' wrapped data keys; the keyring (crypto/accountKeyring.ts) is the only reader. */
export class AccountDataKeysRepository {
  constructor(private readonly db: Executor) {}

  async forAccounts(accountIds: readonly string[]): Promise<AccountDataKeyRecord[]> {
    const rows: AccountDataKeyRecord[] = [];
    for (const part of chunk(accountIds, 500)) rows.push(...(await this.db.selectFrom('account_data_keys').selectAll().where('account_id', 'in', part).execute()));
    return rows;
  }

  /** Adds a key version unless the account has that version already (another process made it first). */
  async insertIfAbsent(row: AccountDataKeyRecord): Promise<void> {
    await this.db.insertInto('account_data_keys').values(row).onConflict((oc) => oc.columns(['account_id', 'version']).doNothing()).execute();
  }

  /** The master keys the stored account keys need. */
  async masterKeyIds(): Promise<string[]> {
    const rows = await this.db.selectFrom('account_data_keys').select('master_key_id').distinct().execute();
    return rows.map((r) => r.master_key_id);
  }

  /** Every key row, a page at a time in account order (rotation walks them). */
  page(afterAccountId: string, limit: number): Promise<AccountDataKeyRecord[]> {
    return this.db.selectFrom('account_data_keys').selectAll().where('account_id', '>', afterAccountId).orderBy('account_id').orderBy('version').limit(limit).execute();
  }

  /** Every key row at once: a master key change re-wraps them all in one transaction. */
  all(): Promise<AccountDataKeyRecord[]> {
    return this.db.selectFrom('account_data_keys').selectAll().execute();
  }

  async rewrap(accountId: string, version: number, wrapped: string, masterKeyId: string): Promise<void> {
    await this.db.updateTable('account_data_keys').set({ wrapped, master_key_id: masterKeyId }).where('account_id', '=', accountId).where('version', '=', version).execute();
  }

  /** Deletes every version of every account but its newest; returns how many went. */
  async deleteAllButNewest(): Promise<number> {
    const result = await this.db
      .deleteFrom('account_data_keys')
      .where('version', '<', (eb) => eb.selectFrom('account_data_keys as n').whereRef('n.account_id', '=', 'account_data_keys.account_id').select((e) => e.fn.max('n.version').as('v')))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
