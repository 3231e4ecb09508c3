import type { Selectable } from 'kysely';
import type { TagsTable } from '../db/schema.ts';
import { chunk, type Executor } from './executor.ts';

export type TagRecord = Selectable<TagsTable>;

/** An account's tags and which of its profiles carry them; every query names the owner. */
export class TagsRepository {
  constructor(private readonly db: Executor) {}

  async list(ownerId: string): Promise<(TagRecord & { profile_count: number })[]> {
    const rows = await this.db
      .selectFrom('tags as t')
      .selectAll('t')
      .select((eb) =>
        eb
          .selectFrom('profile_tags as pt')
          .innerJoin('profiles as p', 'p.id', 'pt.profile_id')
          .whereRef('pt.tag_id', '=', 't.id')
          .where('p.deleted_at', 'is', null)
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('profile_count'),
      )
      .where('t.owner_id', '=', ownerId)
      .orderBy('t.name_key')
      .execute();
    return rows.map((r) => ({ ...r, profile_count: Number(r.profile_count ?? 0) }));
  }

  count(ownerId: string): Promise<number> {
    return this.db
      .selectFrom('tags')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  findOwned(ownerId: string, ids: readonly string[]): Promise<TagRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('tags').selectAll().where('owner_id', '=', ownerId).where('id', 'in', ids).execute();
  }

  async insert(tag: TagRecord): Promise<void> {
    await this.db.insertInto('tags').values(tag).execute();
  }

  async update(ownerId: string, id: string, fields: Pick<TagRecord, 'name' | 'name_key' | 'color'>): Promise<number> {
    const result = await this.db.updateTable('tags').set(fields).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Deletes the tag; answers how many profiles carried it. */
  async delete(ownerId: string, id: string): Promise<number> {
    const carried = await this.db.deleteFrom('profile_tags').where('tag_id', '=', id).where('tag_id', 'in', this.db.selectFrom('tags').select('id').where('owner_id', '=', ownerId)).executeTakeFirst();
    await this.db.deleteFrom('tags').where('owner_id', '=', ownerId).where('id', '=', id).execute();
    return Number(carried.numDeletedRows);
  }

  /** Adds and removes tags on profiles (both checked as the owner's by the caller). */
  async apply(profileIds: readonly string[], add: readonly string[], remove: readonly string[]): Promise<void> {
    if (remove.length > 0) for (const part of chunk(profileIds, 500)) await this.db.deleteFrom('profile_tags').where('profile_id', 'in', part).where('tag_id', 'in', remove).execute();
    if (add.length === 0) return;
    for (const part of chunk(profileIds, 500)) {
      const have = new Set((await this.db.selectFrom('profile_tags').select(['profile_id', 'tag_id']).where('profile_id', 'in', part).where('tag_id', 'in', add).execute()).map((r) => `${r.profile_id} ${r.tag_id}`));
      const rows = part.flatMap((profile_id) => add.filter((tag_id) => !have.has(`${profile_id} ${tag_id}`)).map((tag_id) => ({ profile_id, tag_id })));
      for (const rowsPart of chunk(rows, 500)) await this.db.insertInto('profile_tags').values(rowsPart).execute();
    }
  }

  /** The tags on each of the profiles, by name. */
  async of(profileIds: readonly string[]): Promise<Map<string, TagRecord[]>> {
    const found = new Map<string, TagRecord[]>();
    if (profileIds.length === 0) return found;
    const rows = await this.db
      .selectFrom('profile_tags as pt')
      .innerJoin('tags as t', 't.id', 'pt.tag_id')
      .selectAll('t')
      .select('pt.profile_id')
      .where('pt.profile_id', 'in', profileIds)
      .orderBy('t.name_key')
      .execute();
    for (const { profile_id, ...tag } of rows) found.set(profile_id, [...(found.get(profile_id) ?? []), tag]);
    return found;
  }
}
