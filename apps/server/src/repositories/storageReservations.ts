import { PostgresAdapter, sql } from 'kysely';
import type { Executor } from './executor.ts';

/**
 * Room in a team's storage granted to uploads still being written (services/storageQuota.ts).
 * The check and the grant run in one transaction that first locks the team, so two uploads of
 * the same team take turns there: the second sees the first's reservation.
 */
export class StorageReservationsRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Inside a transaction: holds the team until it ends. PostgreSQL locks the team's account row;
   * SQLite needs nothing, as one connection runs one transaction at a time (and a second process
   * writing meanwhile makes this one's write fail rather than pass unseen).
   */
  async lockTeam(teamId: string): Promise<void> {
    if (!(this.db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await this.db.selectFrom('accounts').select('id').where('id', '=', teamId).forUpdate().execute();
  }

  /** Bytes the team's uploads hold now (lapsed reservations no longer count). */
  async bytesOf(teamId: string, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('storage_reservations')
      .select(sql<string | number | null>`sum(bytes)`.as('bytes'))
      .where('team_id', '=', teamId)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  async insert(row: { id: string; team_id: string; bytes: number; expires_at: number }): Promise<void> {
    await this.db.insertInto('storage_reservations').values(row).execute();
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('storage_reservations').where('id', '=', id).execute();
  }

  /** Reservations of uploads that never finished (a server stopped mid-upload). */
  async removeLapsed(teamId: string, now: number): Promise<void> {
    await this.db.deleteFrom('storage_reservations').where('team_id', '=', teamId).where('expires_at', '<=', now).execute();
  }
}
