import type { Insertable, Selectable } from 'kysely';
import type { ProfileSyncVersionsTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type SyncVersionRecord = Selectable<ProfileSyncVersionsTable>;

/** The saved states of profiles, numbered per profile; the highest number is the newest. */
export class SyncVersionsRepository {
  constructor(private readonly db: Executor) {}

  async newest(profileId: string): Promise<SyncVersionRecord | null> {
    const row = await this.db.selectFrom('profile_sync_versions').selectAll().where('profile_id', '=', profileId).orderBy('number', 'desc').limit(1).executeTakeFirst();
    return row ? normalise(row) : null;
  }


  async find(profileId: string, id: string): Promise<SyncVersionRecord | null> {
    const row = await this.db.selectFrom('profile_sync_versions').selectAll().where('profile_id', '=', profileId).where('id', '=', id).executeTakeFirst();
    return row ? normalise(row) : null;
  }

  /** Newest first. */
  async list(profileId: string): Promise<SyncVersionRecord[]> {
    const rows = await this.db.selectFrom('profile_sync_versions').selectAll().where('profile_id', '=', profileId).orderBy('number', 'desc').execute();
    return rows.map(normalise);
  }

  async insert(row: Insertable<ProfileSyncVersionsTable>): Promise<void> {
    await this.db.insertInto('profile_sync_versions').values(row).execute();
  }

  async remove(profileId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('profile_sync_versions').where('profile_id', '=', profileId).where('id', 'in', ids).execute();
  }
}

function normalise(row: SyncVersionRecord): SyncVersionRecord {
  return { ...row, created_at: Number(row.created_at), plain_bytes: Number(row.plain_bytes) };
}
