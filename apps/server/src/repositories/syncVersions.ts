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


  /** The newest version no computer refused: what a start opens. */
  async newestUsable(profileId: string): Promise<SyncVersionRecord | null> {
    const row = await this.db.selectFrom('profile_sync_versions').selectAll().where('profile_id', '=', profileId).where('refused_at', 'is', null).orderBy('number', 'desc').limit(1).executeTakeFirst();
    return row ? normalise(row) : null;
  }

  /** Marks the version refused; false when it was already (the first refusal is the one kept and told). */
  async markRefused(profileId: string, id: string, refusal: { at: number; by: string; device: string; reason: string }): Promise<boolean> {
    const result = await this.db
      .updateTable('profile_sync_versions')
      .set({ refused_at: refusal.at, refused_by: refusal.by, refused_device: refusal.device, refused_reason: refusal.reason })
      .where('profile_id', '=', profileId)
      .where('id', '=', id)
      .where('refused_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
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
  return { ...row, created_at: Number(row.created_at), plain_bytes: Number(row.plain_bytes), refused_at: row.refused_at === null ? null : Number(row.refused_at) };
}
