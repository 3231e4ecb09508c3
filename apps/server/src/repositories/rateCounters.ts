import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CounterStore, CountLifetime, Tally } from '../guards/counterStore.ts';
import { RelaxedWrite } from './relaxedWrite.ts';

/**
 * Counters in the database. Keys are stored as their SHA-256: what is counted includes client
 * addresses and login names as typed, sometimes a password typed into the wrong field. Writes
 * do not wait for the disk (relaxedWrite.ts): a count must outlive a restart, not a power cut.
 */
export class RateCountersRepository implements CounterStore {
  private readonly relaxed: RelaxedWrite;

  constructor(private readonly db: Kysely<Database>) {
    this.relaxed = new RelaxedWrite(db);
  }

  /** One upsert that returns the rows it leaves: the check costs one statement. */
  async add(keys: readonly string[], by: number, now: number, lifetime: CountLifetime): Promise<Map<string, Tally>> {
    const byHash = hashedKeys(keys);
    const rows = [...byHash.keys()].map((key) => ({ key, hits: by, started_at: now, last_at: now, expires_at: now + lifetime.ms }));
    const after = await this.relaxed.run((db) =>
      db
        .insertInto('rate_counters')
        .values(rows)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => {
            // Every right-hand side reads the row as it was, on SQLite and PostgreSQL alike.
            const expired = eb('rate_counters.expires_at', '<=', now);
            return {
              hits: eb.case().when(expired).then(eb.ref('excluded.hits')).else(eb('rate_counters.hits', '+', eb.ref('excluded.hits'))).end(),
              started_at: eb.case().when(expired).then(eb.ref('excluded.started_at')).else(eb.ref('rate_counters.started_at')).end(),
              last_at: eb.ref('excluded.last_at'),
              expires_at: lifetime.extend
                ? eb.ref('excluded.expires_at')
                : eb.case().when(expired).then(eb.ref('excluded.expires_at')).else(eb.ref('rate_counters.expires_at')).end(),
            };
          }),
        )
        .returning(['key', 'hits', 'started_at', 'last_at', 'expires_at'])
        .execute(),
    );
    return tallies(after, byHash);
  }

  async read(keys: readonly string[], now: number): Promise<Map<string, Tally>> {
    const byHash = hashedKeys(keys);
    const rows = await this.db
      .selectFrom('rate_counters')
      .select(['key', 'hits', 'started_at', 'last_at', 'expires_at'])
      .where('key', 'in', [...byHash.keys()])
      .where('expires_at', '>', now)
      .execute();
    return tallies(rows, byHash);
  }

  async remove(key: string): Promise<void> {
    await this.relaxed.run((db) => db.deleteFrom('rate_counters').where('key', '=', hashKey(key)).execute());
  }

  async deleteExpired(now: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_counters')
      .where('key', 'in', (eb) => eb.selectFrom('rate_counters').select('key').where('expires_at', '<=', now).limit(limit))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Hash → key as given; a key named twice is counted once (PostgreSQL refuses to upsert a row twice in one statement). */
function hashedKeys(keys: readonly string[]): Map<string, string> {
  return new Map(keys.map((key) => [hashKey(key), key]));
}

function tallies(rows: { key: string; hits: number; started_at: number; last_at: number; expires_at: number }[], byHash: Map<string, string>): Map<string, Tally> {
  return new Map(rows.map((row) => [byHash.get(row.key)!, { hits: Number(row.hits), startedAt: row.started_at, lastAt: row.last_at, expiresAt: row.expires_at }]));
}
