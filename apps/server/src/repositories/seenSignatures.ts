import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SignatureStore } from '../guards/replayGuard.ts';
import { queryTemplates } from '../db/queryTemplate.ts';
import { RelaxedWrite } from './relaxedWrite.ts';

/** The replay guard's memory in the database: one insert per signed call. */
export class SeenSignaturesRepository implements SignatureStore {
  private readonly relaxed: RelaxedWrite;

  constructor(private readonly db: Kysely<Database>) {
    this.relaxed = new RelaxedWrite(db);
  }

  /**
   * Inserts the signature unless a live row holds it; an expired row is taken over, so the
   * answer never waits for housekeeping. One statement, atomic across servers.
   */
  remember(signature: string, now: number, expiresAt: number): Promise<boolean> {
    return this.relaxed.run(async (db) => {
      const result = await db.executeQuery(
        queryTemplates.compiled(db, 'seenSignatures.remember', { signature, now, expiresAt }, (v) =>
          db
            .insertInto('seen_signatures')
            .values({ signature: v.signature, expires_at: v.expiresAt })
            .onConflict((oc) => oc.column('signature').doUpdateSet({ expires_at: v.expiresAt }).where('seen_signatures.expires_at', '<=', v.now)),
        ),
      );
      return Number(result.numAffectedRows) === 1;
    });
  }

  async deleteExpired(now: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('seen_signatures')
      .where('signature', 'in', (eb) => eb.selectFrom('seen_signatures').select('signature').where('expires_at', '<=', now).limit(limit))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
