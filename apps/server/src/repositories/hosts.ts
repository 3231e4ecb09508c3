import type { Kysely, Selectable } from 'kysely';
import type { Database, HostsTable } from '../db/schema.ts';

export type HostRecord = Selectable<HostsTable>;

/** Hosts of teams and the one-time codes that let new ones join. */
export class HostsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async addCode(codeHash: string, teamId: string, name: string | null, expiresAt: number): Promise<void> {
    await this.db.insertInto('host_codes').values({ code_hash: codeHash, team_id: teamId, name, expires_at: expiresAt }).execute();
  }

  /**
   * Spends a code: deleted whether or not it is still good, so it works at most once. Answers its
   * team and name while it had not expired.
   */
  async spendCode(codeHash: string, now: number): Promise<{ team_id: string; name: string | null } | null> {
    const row = await this.db.deleteFrom('host_codes').where('code_hash', '=', codeHash).returning(['team_id', 'name', 'expires_at']).executeTakeFirst();
    return row && row.expires_at > now ? { team_id: row.team_id, name: row.name } : null;
  }

  async deleteExpiredCodes(now: number): Promise<number> {
    const result = await this.db.deleteFrom('host_codes').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async add(host: Omit<HostRecord, 'last_seen_at' | 'load'>): Promise<void> {
    await this.db.insertInto('hosts').values({ ...host, last_seen_at: null, load: null }).execute();
  }

  findByTokenHash(tokenHash: string): Promise<HostRecord | undefined> {
    return this.db.selectFrom('hosts').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  findById(id: string): Promise<HostRecord | undefined> {
    return this.db.selectFrom('hosts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByIds(ids: readonly string[]): Promise<HostRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('hosts').selectAll().where('id', 'in', ids).execute();
  }

  listForTeams(teamIds: readonly string[]): Promise<HostRecord[]> {
    if (teamIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('hosts').selectAll().where('team_id', 'in', teamIds).orderBy('created_at').execute();
  }

  async reported(id: string, load: string, now: number): Promise<void> {
    await this.db.updateTable('hosts').set({ load, last_seen_at: now }).where('id', '=', id).execute();
  }

  async remove(teamId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('hosts').where('id', '=', id).where('team_id', '=', teamId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
