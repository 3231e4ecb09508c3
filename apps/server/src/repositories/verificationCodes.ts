import type { Kysely, Selectable } from 'kysely';
import type { Database, VerificationCodesTable } from '../db/schema.ts';

type VerificationCodeRow = Selectable<VerificationCodesTable>;
export type CodePurpose = VerificationCodeRow['purpose'];

export class VerificationCodesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  latest(purpose: CodePurpose, address: string): Promise<VerificationCodeRow | undefined> {
    return this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('purpose', '=', purpose)
      .where('address', '=', address)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async countSince(purpose: CodePurpose, address: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('purpose', '=', purpose)
      .where('address', '=', address)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A new code replaces every earlier unused one for the same purpose and address. */
  async replace(row: VerificationCodeRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('verification_codes')
        .set({ consumed_at: row.created_at })
        .where('purpose', '=', row.purpose)
        .where('address', '=', row.address)
        .where('consumed_at', 'is', null)
        .execute();
      await trx.insertInto('verification_codes').values(row).execute();
    });
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('verification_codes').where('id', '=', id).execute();
  }

  /** Counts one wrong try; returns the tries now recorded (atomic, so parallel guesses all count). */
  async addAttempt(id: string): Promise<number> {
    await this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
    const row = await this.db.selectFrom('verification_codes').select('attempts').where('id', '=', id).executeTakeFirst();
    return row?.attempts ?? Number.MAX_SAFE_INTEGER;
  }

  /** Marks the code used; false if someone else used it first. */
  async consume(id: string, now: number, maxAttempts: number): Promise<boolean> {
    const result = await this.db
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteExpired(before: number): Promise<void> {
    await this.db.deleteFrom('verification_codes').where('expires_at', '<', before).execute();
  }
}
