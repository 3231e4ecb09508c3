import { sql } from 'kysely';
import type { Executor } from './executor.ts';

/**
 * Every column that holds a value sealed with an account's key, with the column naming the
 * account. The reseal at start and the key rotation walk these; the services that own the rows
 * (profiles, saved proxies, API tokens) seal and open them in normal use.
 */
export const sealedColumns = [
  { table: 'profiles', field: 'secrets', account: 'owner_id' },
  // '' until the profile's first start (skipped by `page`).
  { table: 'profiles', field: 'sync_key', account: 'owner_id' },
  { table: 'saved_proxies', field: 'secrets', account: 'owner_id' },
  { table: 'api_tokens', field: 'token_sealed', account: 'account_id' },
] as const;

export type SealedColumn = (typeof sealedColumns)[number];

export interface SealedValueRow {
  id: string;
  accountId: string;
  sealed: string;
}

/**
 * Sealed values across the tables, read a page at a time in id order and replaced only when
 * unchanged since they were read: a server writing the row meanwhile wins, and a reseal run
 * twice (the server and the CLI at once) changes each value once.
 */
export class SealedValuesRepository {
  constructor(private readonly db: Executor) {}

  /** Up to `limit` values after `afterId` (recycled profiles and revoked tokens too); `prefix` narrows to one format. */
  async page(column: SealedColumn, afterId: string, limit: number, prefix = ''): Promise<SealedValueRow[]> {
    const { rows } = await sql<{ id: string; account_id: string; sealed: string }>`
      select id, ${sql.ref(column.account)} as account_id, ${sql.ref(column.field)} as sealed
      from ${sql.table(column.table)}
      where id > ${afterId} and ${sql.ref(column.field)} like ${`${prefix}%`} and ${sql.ref(column.field)} <> ''
      order by id
      limit ${limit}`.execute(this.db);
    return rows.map((r) => ({ id: r.id, accountId: r.account_id, sealed: r.sealed }));
  }

  /**
   * Writes each `next` where the value is still `expected`, in one statement (a round trip per
   * row made converting 100,000 values take a minute on PostgreSQL); returns how many it wrote.
   * VALUES columns are column1… on both engines.
   */
  async replaceMany(column: SealedColumn, changes: readonly { id: string; expected: string; next: string }[]): Promise<number> {
    if (changes.length === 0) return 0;
    const rows = sql.join(changes.map((c) => sql`(${c.id}, ${c.expected}, ${c.next})`));
    const result = await sql`
      update ${sql.table(column.table)} set ${sql.ref(column.field)} = v.column3
      from (values ${rows}) as v
      where ${sql.ref(`${column.table}.id`)} = v.column1 and ${sql.ref(`${column.table}.${column.field}`)} = v.column2`.execute(this.db);
    return Number(result.numAffectedRows ?? 0n);
  }
}
