import type { Selectable } from 'kysely';
import type { ProfileGroupsTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type GroupRecord = Selectable<ProfileGroupsTable>;

/** Profile groups, always within one owner's account. */
export class GroupsRepository {
  constructor(private readonly db: Executor) {}

  /** By sort value, then name; each with its count of live profiles. */
  async list(ownerId: string): Promise<(GroupRecord & { profile_count: number })[]> {
    const rows = await this.db
      .selectFrom('profile_groups as g')
      .selectAll('g')
      .select((eb) =>
        eb
          .selectFrom('profiles as p')
          .whereRef('p.group_id', '=', 'g.id')
          .where('p.deleted_at', 'is', null)
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('profile_count'),
      )
      .where('g.owner_id', '=', ownerId)
      .orderBy('g.sort')
      .orderBy('g.name')
      .execute();
    return rows.map((r) => ({ ...r, profile_count: Number(r.profile_count ?? 0) }));
  }

  async countUngrouped(ownerId: string): Promise<number> {
    const row = await this.db
      .selectFrom('profiles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', ownerId)
      .where('group_id', 'is', null)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The owner's groups among `ids`. */
  findOwned(ownerId: string, ids: readonly string[]): Promise<GroupRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('profile_groups').selectAll().where('owner_id', '=', ownerId).where('id', 'in', ids).execute();
  }

  find(ownerId: string, id: string): Promise<GroupRecord | undefined> {
    return this.db.selectFrom('profile_groups').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  }

  async insert(group: GroupRecord): Promise<void> {
    await this.db.insertInto('profile_groups').values(group).execute();
  }

  async update(ownerId: string, id: string, fields: Pick<GroupRecord, 'name' | 'icon' | 'sort'>): Promise<number> {
    const result = await this.db.updateTable('profile_groups').set(fields).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Deletes the group; its profiles (live or recycled) become ungrouped. */
  async delete(ownerId: string, id: string): Promise<number> {
    const moved = await this.db
      .updateTable('profiles')
      .set({ group_id: null })
      .where('owner_id', '=', ownerId)
      .where('group_id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    await this.db.updateTable('profiles').set({ group_id: null }).where('owner_id', '=', ownerId).where('group_id', '=', id).execute();
    await this.db.deleteFrom('profile_groups').where('owner_id', '=', ownerId).where('id', '=', id).execute();
    return Number(moved.numUpdatedRows);
  }
}
