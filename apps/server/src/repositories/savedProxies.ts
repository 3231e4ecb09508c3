import { sql, type Selectable } from 'kysely';
import type { SavedProxiesTable } from '../db/schema.ts';
import { chunk, likePattern, type Executor } from './executor.ts';

export type SavedProxyRecord = Selectable<SavedProxiesTable>;

/** An account's saved proxy list; every query names the owner. */
export class SavedProxiesRepository {
  constructor(private readonly db: Executor) {}

  async page(ownerId: string, page: number, limit: number, search: string, ids?: readonly string[]): Promise<{ rows: (SavedProxyRecord & { profile_count: number })[]; total: number }> {
    let base = this.db.selectFrom('saved_proxies as s').where('s.owner_id', '=', ownerId);
    if (ids) base = base.where('s.id', 'in', ids);
    if (search) {
      const pattern = likePattern(search);
      base = base.where(sql<boolean>`(lower(s.host) like ${pattern} escape '\\' or lower(s.remark) like ${pattern} escape '\\')`);
    }
    const [rows, count] = await Promise.all([
      base
        .selectAll('s')
        .select((eb) =>
          eb
            .selectFrom('profiles as p')
            .whereRef('p.saved_proxy_id', '=', 's.id')
            .where('p.deleted_at', 'is', null)
            .select((e) => e.fn.countAll<number>().as('n'))
            .as('profile_count'),
        )
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((r) => ({ ...r, profile_count: Number(r.profile_count ?? 0) })), total: Number(count.n) };
  }

  count(ownerId: string): Promise<number> {
    return this.db
      .selectFrom('saved_proxies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  findOwned(ownerId: string, ids: readonly string[]): Promise<SavedProxyRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('saved_proxies').selectAll().where('owner_id', '=', ownerId).where('id', 'in', ids).execute();
  }

  async insertMany(rows: readonly SavedProxyRecord[]): Promise<void> {
    for (const part of chunk(rows, 500)) await this.db.insertInto('saved_proxies').values(part).execute();
  }

  async update(ownerId: string, id: string, fields: Partial<SavedProxyRecord>): Promise<number> {
    const result = await this.db.updateTable('saved_proxies').set(fields).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Deletes them; the profiles that used them keep their proxies as their own. */
  async delete(ownerId: string, ids: readonly string[]): Promise<number> {
    await this.db.updateTable('profiles').set({ saved_proxy_id: null }).where('owner_id', '=', ownerId).where('saved_proxy_id', 'in', ids).execute();
    const result = await this.db.deleteFrom('saved_proxies').where('owner_id', '=', ownerId).where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
