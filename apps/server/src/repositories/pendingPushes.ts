import type { Selectable } from 'kysely';
import type { PendingPushesTable } from '../db/schema.ts';
import { newId } from '../security/tokens.ts';
import type { Executor } from './executor.ts';

type PendingPush = Selectable<PendingPushesTable>;

/** Pushes written by a process without the consoles' sockets, for a server instance to deliver. */
export class PendingPushesRepository {
  constructor(private readonly db: Executor) {}

  async add(push: { accountId: string; kind: PendingPush['kind']; code: number; data: unknown }, now: number): Promise<void> {
    await this.db
      .insertInto('pending_pushes')
      .values({ id: newId('push'), account_id: push.accountId, kind: push.kind, code: push.code, data: push.data === undefined ? null : JSON.stringify(push.data), created_at: now })
      .execute();
  }

  /**
   * The oldest `limit` pushes, taken off the table in one statement: with several instances
   * draining, each push is delivered by exactly one of them.
   */
  async take(limit: number): Promise<PendingPush[]> {
    const oldest = this.db.selectFrom('pending_pushes').select('id').orderBy('created_at').limit(limit);
    const rows = await this.db.deleteFrom('pending_pushes').where('id', 'in', oldest).returningAll().execute();
    return rows.map((r) => ({ ...r, code: Number(r.code), created_at: Number(r.created_at) })).sort((a, b) => a.created_at - b.created_at);
  }
}
