import { sql } from 'kysely';
import { chunk, type Executor } from './executor.ts';

/** The sealed chunks of profiles' states that the blob store holds, and their stored sizes. */
export class SyncChunksRepository {
  constructor(private readonly db: Executor) {}

  /** Of these ids, the ones the profile has stored. */
  async present(profileId: string, ids: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const part of chunk([...new Set(ids)], 500)) {
      const rows = await this.db.selectFrom('profile_sync_chunks').select('chunk_id').where('profile_id', '=', profileId).where('chunk_id', 'in', part).execute();
      for (const row of rows) found.add(row.chunk_id);
    }
    return found;
  }

  /** Records stored chunks; one already recorded keeps its row. */
  async record(profileId: string, chunks: readonly { id: string; size: number }[], now: number): Promise<void> {
    for (const part of chunk(chunks, 500)) {
      await this.db
        .insertInto('profile_sync_chunks')
        .values(part.map((c) => ({ profile_id: profileId, chunk_id: c.id, size: c.size, created_at: now })))
        .onConflict((oc) => oc.columns(['profile_id', 'chunk_id']).doNothing())
        .execute();
    }
  }

  /** Every chunk id of the profile stored before `before` (younger ones may belong to a save in progress). */
  async idsBefore(profileId: string, before: number): Promise<string[]> {
    const rows = await this.db.selectFrom('profile_sync_chunks').select('chunk_id').where('profile_id', '=', profileId).where('created_at', '<', before).execute();
    return rows.map((r) => r.chunk_id);
  }


  async remove(profileId: string, ids: readonly string[]): Promise<void> {
    for (const part of chunk(ids, 500)) await this.db.deleteFrom('profile_sync_chunks').where('profile_id', '=', profileId).where('chunk_id', 'in', part).execute();
  }

  /** Stored bytes of every profile the team (a main account and its sub-accounts) owns, recycled ones too: their state is still kept. */
  async bytesOfTeam(teamId: string): Promise<number> {
    const row = await this.db
      .selectFrom('profile_sync_chunks as c')
      .innerJoin('profiles as p', 'p.id', 'c.profile_id')
      .innerJoin('accounts as a', 'a.id', 'p.owner_id')
      .where((eb) => eb.or([eb('a.id', '=', teamId), eb('a.parent_id', '=', teamId)]))
      .select(sql<string | number | null>`sum(c.size)`.as('bytes'))
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }
}
