import { SqliteAdapter, sql, type Selectable } from 'kysely';
import { jsonArrayFrom as postgresJsonArray, jsonObjectFrom as postgresJsonObject } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArray, jsonObjectFrom as sqliteJsonObject } from 'kysely/helpers/sqlite';
import { sharePermissions, widerPermission, type ListQuery, type SharePermission } from '@facet/contracts';
import type { ProfilesTable } from '../db/schema.ts';
import { queryTemplates } from '../db/queryTemplate.ts';
import { chunk, likePattern, type Executor } from './executor.ts';
import type { LeaseRecord } from './profileLeases.ts';
import { sharedOrGranted } from './profileReach.ts';
import type { TagRecord } from './tags.ts';

export type ProfileRecord = Selectable<ProfilesTable>;

/** A list row: the profile's columns plus what the list shows beside them. */
export interface ProfileListRecord extends Omit<ProfileRecord, 'settings' | 'secrets' | 'sync_key'> {
  group_name: string | null;
  member_count: number;
  sharer_id: string | null;
  sharer_name: string | null;
  /** The acting account's permission when it is not the owner. */
  permission: SharePermission | null;
}

/** A row of the owner's list: with its tags and, while a machine runs it, its lease, read in the same query. */
interface OwnedListRecord extends ProfileListRecord {
  tags: TagRecord[];
  lease: LeaseRecord | null;
}

/** A profile reaching an account that does not own it, with the grants that reach it. */
type ReachableRecord = ProfileRecord & {
  share_permission: string | null;
  shared_by: string | null;
  group_permission: string | null;
  granted_by: string | null;
};

const sortColumns = { serial: 'serial', name: 'name', createdAt: 'created_at', lastUsedAt: 'last_used_at' } as const;
const listColumns = [
  'p.id', 'p.owner_id', 'p.serial', 'p.group_id', 'p.name', 'p.remark', 'p.os', 'p.icon_id', 'p.proxy_type', 'p.proxy_host',
  'p.proxy_port', 'p.proxy_country', 'p.proxy_direct', 'p.proxy_has_credentials', 'p.created_at', 'p.updated_at',
  'p.last_used_at', 'p.deleted_at', 'p.purge_at', 'p.saved_proxy_id',
] as const;

/**
 * Profile rows. Every read and write names the owner (or, for shared reads, the recipient):
 * an id alone never reaches a profile.
 */
export class ProfilesRepository {
  constructor(private readonly db: Executor) {}

  /** Hands out `count` consecutive serial numbers of the owner's account; returns the first. */
  async reserveSerials(ownerId: string, count: number): Promise<number> {
    const row = await this.db
      .updateTable('accounts')
      .set((eb) => ({ profile_serial: eb('profile_serial', '+', count) }))
      .where('id', '=', ownerId)
      .returning('profile_serial')
      .executeTakeFirstOrThrow();
    return row.profile_serial - count + 1;
  }

  /** Keeps accounts.live_profiles in step; call in the same transaction as the change. */
  async adjustLiveCount(ownerId: string, delta: number): Promise<void> {
    if (delta === 0) return;
    await this.db
      .updateTable('accounts')
      .set((eb) => ({ live_profiles: eb('live_profiles', '+', delta) }))
      .where('id', '=', ownerId)
      .execute();
  }

  async insertMany(rows: readonly ProfileRecord[]): Promise<void> {
    // 22 columns: 500 rows stay under both engines' bound-value limits.
    for (const part of chunk(rows, 500)) await this.db.insertInto('profiles').values(part).execute();
  }

  async update(ownerId: string, id: string, fields: Partial<ProfileRecord>): Promise<number> {
    const result = await this.db.updateTable('profiles').set(fields).where('owner_id', '=', ownerId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The owner's live (not deleted) profiles among `ids`. */
  /** Whose profile this is (deleted or not): for telling its owner about it, never for access. */
  async ownerOf(id: string): Promise<string | null> {
    return (await this.db.selectFrom('profiles').select('owner_id').where('id', '=', id).executeTakeFirst())?.owner_id ?? null;
  }

  findOwned(ownerId: string, ids: readonly string[]): Promise<ProfileRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('profiles').selectAll().where('owner_id', '=', ownerId).where('id', 'in', ids).where('deleted_at', 'is', null).execute();
  }

  findOwnedDeleted(ownerId: string, ids: readonly string[]): Promise<ProfileRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('profiles').selectAll().where('owner_id', '=', ownerId).where('id', 'in', ids).where('deleted_at', 'is not', null).execute();
  }

  /**
   * Live profiles among `ids` that reach `accountId` without being theirs: shared with it, or in
   * a group its main account granted it. Both grants come with the row; the caller takes the wider.
   */
  findReachable(accountId: string, ids: readonly string[]): Promise<ReachableRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.reachableFrom(accountId)
      .selectAll('p')
      .select(['s.permission as share_permission', 's.shared_by', 'gg.permission as group_permission', 'gg.granted_by'])
      .where('p.id', 'in', ids)
      .execute();
  }

  /**
   * The live profile whose lease `holderId` holds on `deviceId` while its access has ended: the
   * one thing such a holder may still do is save what its browser held and give the lease back.
   */
  findHeldEnding(holderId: string, profileId: string, deviceId: string | null, now: number): Promise<ProfileRecord | undefined> {
    let query = this.db
      .selectFrom('profiles as p')
      .innerJoin('profile_leases as l', 'l.profile_id', 'p.id')
      .selectAll('p')
      .where('p.id', '=', profileId)
      .where('p.deleted_at', 'is', null)
      .where('l.holder_id', '=', holderId)
      .where('l.ends_at', 'is not', null)
      .where('l.expires_at', '>', now);
    if (deviceId !== null) query = query.where('l.device_id', '=', deviceId);
    return query.executeTakeFirst();
  }

  /** Profiles shared with the account or in groups granted to it, with both grants joined. */
  private reachableFrom(accountId: string) {
    return this.db
      .selectFrom('profiles as p')
      .leftJoin('profile_shares as s', (j) => j.onRef('s.profile_id', '=', 'p.id').on('s.account_id', '=', accountId))
      .leftJoin('group_grants as gg', (j) => j.onRef('gg.group_id', '=', 'p.group_id').on('gg.account_id', '=', accountId))
      .where('p.deleted_at', 'is', null)
      .where((eb) => sharedOrGranted(eb, accountId));
  }

  /**
   * A page of the owner's live profiles and their total. Each row comes with its tags and its live
   * lease (at `now`) from the same statement: three round trips were one on PostgreSQL.
   */
  async listOwned(ownerId: string, query: ListQuery, now: number): Promise<{ rows: OwnedListRecord[]; total: number }> {
    const unfiltered = query.groupId === undefined && !query.search && !query.tagId && query.ids === undefined && query.serials === undefined;
    // The total: the account's counter when nothing filters; a search counts its matches in the
    // page's own statement (one pass over them instead of two); other filters count on their own.
    const totalFrom: OwnedListShape['totalFrom'] = unfiltered ? 'counter' : query.search ? 'window' : 'count';
    const shape: OwnedListShape = { group: query.groupId === undefined ? 'any' : query.groupId === UNGROUPED ? 'none' : 'one', tag: Boolean(query.tagId), sort: query.sort, order: query.order, totalFrom };
    const values = { ownerId, groupId: query.groupId ?? '', tagId: query.tagId ?? '', limit: query.limit, offset: (query.page - 1) * query.limit, now };
    // A search and a list of ids or serials shape the SQL by their values: built for the call.
    // Everything else (the browser list's pages, a group, a tag) is one template per shape.
    const perCall = Boolean(query.search) || query.ids !== undefined || query.serials !== undefined;
    const narrowed = (base: OwnedBase): OwnedBase => byIdOrSerial(query.search ? base.where(matches(this.db, query.search)) : base, query);
    const key = `profiles.listOwned:${shape.group}:${shape.tag}:${shape.sort}:${shape.order}:${shape.totalFrom}`;
    const byCandidates = searchesCandidates(this.db, query.search);
    const template = (v: typeof values) => ownedListQuery(this.db, shape, v, (b) => b);
    const readRows = () => {
      if (perCall) return ownedListQuery(this.db, shape, values, narrowed, byCandidates).execute();
      // The unfiltered list (the browser list's pages, in any order) reads its page through its
      // own ordered index for every account, so PostgreSQL may plan it once (db/genericPlans.ts);
      // a group's or a tag's best plan depends on how many profiles it holds.
      return unfiltered ? queryTemplates.runPlannedOnce(this.db, `${key}:rows`, values, template) : queryTemplates.run(this.db, `${key}:rows`, values, template);
    };
    const readCount = () =>
      perCall ? ownedCountQuery(this.db, shape, values, narrowed, byCandidates).execute() : queryTemplates.run(this.db, `${key}:count`, values, (v) => ownedCountQuery(this.db, shape, v, (b) => b));
    // A total riding on the rows needs a row: only an empty page asks for it on its own.
    const [rows, total] =
      totalFrom === 'count'
        ? await Promise.all([readRows(), readCount().then((found) => found[0]!.n)])
        : await readRows().then(async (found) => [found, found.length > 0 ? found[0]!.total : (await readCount())[0]!.n] as const);
    // Completed in place, not copied: a copy of a row as better-sqlite3 makes it (`{ ...row }`, a
    // rest pattern) cost about 35 µs, 0.7 ms a page, more than the statement itself.
    const records = rows.map((row) => Object.assign(row, { member_count: Number(row.member_count ?? 0), tags: tagsFromJson(row.tags_json), lease: leaseFromJson(row.lease_json) }));
    return { rows: records, total: Number(total) };
  }

  async listShared(accountId: string, query: ListQuery): Promise<{ rows: ProfileListRecord[]; total: number }> {
    let base = this.reachableFrom(accountId);
    if (query.search) base = base.where(matches(this.db, query.search));
    base = byIdOrSerial(base, query);
    const [rows, count] = await Promise.all([
      base
        // Who gave the access: the direct share's sharer, else the main account that granted the group.
        .innerJoin('accounts as a', (j) => j.on((eb) => eb('a.id', '=', eb.fn.coalesce('s.shared_by', 'gg.granted_by'))))
        .select([...listColumns, 'a.id as sharer_id', 'a.username as sharer_name', 's.permission as share_permission', 'gg.permission as group_permission'])
        .select([sql<null>`null`.as('group_name'), sql<number>`0`.as('member_count')])
        .orderBy(`p.${sortColumns[query.sort]}`, query.order)
        .orderBy('p.id')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => Object.assign(row, { member_count: Number(row.member_count ?? 0), permission: widerPermission(asPermission(row.share_permission), asPermission(row.group_permission)) ?? null })),
      total: Number(count.n),
    };
  }

  async listDeleted(ownerId: string, page: number, limit: number, search: string) {
    const column = unindexed(searchesCandidates(this.db, search));
    let base = this.db.selectFrom('profiles as p').where(column('p.owner_id'), '=', ownerId).where(column('p.deleted_at'), 'is not', null);
    if (search) base = base.where(matches(this.db, search));
    const [rows, count] = await Promise.all([
      base
        .leftJoin('profile_groups as g', 'g.id', 'p.group_id')
        .select(['p.id', 'p.serial', 'p.name', 'p.deleted_at', 'p.purge_at', 'g.name as group_name'])
        .orderBy('p.deleted_at', 'desc')
        .orderBy('p.serial', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async setGroup(ownerId: string, ids: readonly string[], groupId: string | null, now: number): Promise<number> {
    const result = await this.db.updateTable('profiles').set({ group_id: groupId, updated_at: now }).where('owner_id', '=', ownerId).where('id', 'in', ids).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async setRemark(ownerId: string, ids: readonly string[], remark: string, now: number): Promise<number> {
    const result = await this.db.updateTable('profiles').set({ remark, updated_at: now }).where('owner_id', '=', ownerId).where('id', 'in', ids).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async moveToRecycle(ownerId: string, ids: readonly string[], now: number, purgeAt: number): Promise<number> {
    const result = await this.db.updateTable('profiles').set({ deleted_at: now, purge_at: purgeAt, updated_at: now }).where('owner_id', '=', ownerId).where('id', 'in', ids).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async restore(ownerId: string, ids: readonly string[], now: number): Promise<number> {
    const result = await this.db.updateTable('profiles').set({ deleted_at: null, purge_at: null, updated_at: now }).where('owner_id', '=', ownerId).where('id', 'in', ids).where('deleted_at', 'is not', null).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Deletes recycled profiles for good: the named ones, or (ids = null) the whole bin. */
  /** Deletes the owner's recycled profiles (these, or all); the ids gone, so what they kept elsewhere (their stored state) can go too. */
  async purgeDeleted(ownerId: string, ids: readonly string[] | null): Promise<string[]> {
    let query = this.db.deleteFrom('profiles').where('owner_id', '=', ownerId).where('deleted_at', 'is not', null);
    if (ids) query = query.where('id', 'in', ids);
    return (await query.returning('id').execute()).map((r) => r.id);
  }

  /** The purge job: every recycled profile whose retention has run out, in every account; the ids gone. */
  async purgeExpired(now: number): Promise<string[]> {
    return (await this.db.deleteFrom('profiles').where('deleted_at', 'is not', null).where('purge_at', '<=', now).returning('id').execute()).map((r) => r.id);
  }

  /** Sets a profile proxy's columns and its link to a saved proxy on the owner's live profiles. */
  async setProxy(ownerId: string, ids: readonly string[], fields: Partial<ProfileRecord>, now: number): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db.updateTable('profiles').set({ ...fields, updated_at: now }).where('owner_id', '=', ownerId).where('id', 'in', ids).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The owner's live profiles whose proxy came from the saved proxy. */
  usingSavedProxy(ownerId: string, savedProxyId: string): Promise<ProfileRecord[]> {
    return this.db.selectFrom('profiles').selectAll().where('owner_id', '=', ownerId).where('saved_proxy_id', '=', savedProxyId).where('deleted_at', 'is', null).execute();
  }

  /**
   * Hands profiles to a new owner with new serials; they leave the old owner's group. Each
   * comes with its secrets sealed again for the new owner (they are bound to the owner).
   */
  async changeOwner(fromId: string, toId: string, moves: readonly { id: string; secrets: string; syncKey: string }[], firstSerial: number, now: number): Promise<number> {
    let changed = 0;
    for (const [offset, { id, secrets, syncKey }] of moves.entries()) {
      const result = await this.db
        .updateTable('profiles')
        .set({ owner_id: toId, serial: firstSerial + offset, group_id: null, saved_proxy_id: null, secrets, sync_key: syncKey, updated_at: now })
        .where('owner_id', '=', fromId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      changed += Number(result.numUpdatedRows);
    }
    return changed;
  }

  /** Sets the profile's sealed sync key if it has none yet; false when another start set one first. */
  async setSyncKeyOnce(id: string, sealed: string): Promise<boolean> {
    const result = await this.db.updateTable('profiles').set({ sync_key: sealed }).where('id', '=', id).where('sync_key', '=', '').executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Replaces a sync key that does not open in its row, unless another start replaced it first. */
  async replaceSyncKey(id: string, unreadable: string, sealed: string): Promise<boolean> {
    const result = await this.db.updateTable('profiles').set({ sync_key: sealed }).where('id', '=', id).where('sync_key', '=', unreadable).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async syncKeyOf(id: string): Promise<string> {
    const row = await this.db.selectFrom('profiles').select('sync_key').where('id', '=', id).executeTakeFirst();
    return row?.sync_key ?? '';
  }

  async idsTaken(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('profiles').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }
}

/** Only the profiles a script named, by id or number; an empty list names none. */
const UNGROUPED = '0';

interface OwnedListShape {
  group: 'any' | 'none' | 'one';
  tag: boolean;
  sort: ListQuery['sort'];
  order: ListQuery['order'];
  /** Where the total comes from: the account's counter (no filter), a window over the page's matches (a search), or a count of its own. */
  totalFrom: 'counter' | 'window' | 'count';
}

interface OwnedListValues {
  ownerId: string;
  groupId: string;
  tagId: string;
  limit: number;
  offset: number;
  /** Leases that lapsed before this are not shown. */
  now: number;
}

/** The owner's live profiles narrowed by the shape's group and tag; `narrow` adds a call's own filters. */
function ownedBase(db: Executor, shape: OwnedListShape, v: OwnedListValues, byCandidates = false) {
  const column = unindexed(byCandidates);
  let base = db.selectFrom('profiles as p').where(column('p.owner_id'), '=', v.ownerId).where(column('p.deleted_at'), 'is', null);
  if (shape.group === 'none') base = base.where(column('p.group_id'), 'is', null);
  if (shape.group === 'one') base = base.where(column('p.group_id'), '=', v.groupId);
  if (shape.tag) base = base.where('p.id', 'in', db.selectFrom('profile_tags').select('profile_id').where('tag_id', '=', v.tagId));
  return base;
}
type OwnedBase = ReturnType<typeof ownedBase>;

/** The account's counter of live profiles: the unfiltered list's total. */
function liveCountOf(db: Executor, ownerId: string) {
  return db.selectFrom('accounts').select('live_profiles as n').where('id', '=', ownerId);
}

/**
 * The page is picked from the profiles alone (read in index order), and only its rows are
 * joined: joining first let PostgreSQL hash-join all 100,000 rows before sorting them. Serial
 * breaks ties between equal names or times, so pages never overlap.
 */
function ownedListQuery(db: Executor, shape: OwnedListShape, v: OwnedListValues, narrow: (base: OwnedBase) => OwnedBase, byCandidates = false) {
  const sort = sortColumns[shape.sort];
  const inOrder = <Q extends { orderBy: (column: `p.${typeof sort}`, order: 'asc' | 'desc') => Q }>(q: Q): Q =>
    sort === 'serial' ? q.orderBy('p.serial', shape.order) : q.orderBy(`p.${sort}`, shape.order).orderBy('p.serial', shape.order);
  const matched = narrow(ownedBase(db, shape, v, byCandidates)).select(listColumns);
  const matches = sql<number | null>`${shape.totalFrom === 'window' ? sql`count(*) over ()` : sql`null`}`;
  const page = inOrder(matched.select(matches.as('matches')))
    .limit(v.limit)
    .offset(v.offset);
  const total = shape.totalFrom === 'counter' ? sql<number | null>`${liveCountOf(db, v.ownerId)}` : sql<number | null>`${shape.totalFrom === 'window' ? sql`p.matches` : sql`null`}`;
  return db
    .selectFrom(page.as('p'))
    .leftJoin('profile_groups as g', 'g.id', 'p.group_id')
    .selectAll('p')
    .select((eb) => [
      'g.name as group_name',
      eb.selectFrom('profile_shares as s').whereRef('s.profile_id', '=', 'p.id').select((e) => e.fn.countAll<number>().as('n')).as('member_count'),
      sql<null>`null`.as('sharer_id'),
      sql<null>`null`.as('sharer_name'),
      sql<null>`null`.as('permission'),
      // The unfiltered total (the account's counter) and a search's (its matches, counted by the
      // window before the page is cut) ride on the rows: no second round trip or second pass.
      total.as('total'),
      json(db).array(
        eb.selectFrom('profile_tags as pt').innerJoin('tags as t', 't.id', 'pt.tag_id').select(['t.id', 't.owner_id', 't.name', 't.name_key', 't.color', 't.created_at']).whereRef('pt.profile_id', '=', 'p.id'),
      ).as('tags_json'),
      json(db).object(
        eb.selectFrom('profile_leases as l').innerJoin('accounts as a', 'a.id', 'l.holder_id').select(['l.profile_id', 'l.device_id', 'l.device_name', 'l.holder_id', 'l.started_at', 'l.expires_at', 'a.username as holder_name']).whereRef('l.profile_id', '=', 'p.id').where('l.expires_at', '>', v.now),
      ).as('lease_json'),
    ])
    .$call(inOrder);
}

/** The database's own JSON aggregation, so a row can carry its tags and lease. */
function json(db: Executor) {
  return db.getExecutor().adapter instanceof SqliteAdapter ? { array: sqliteJsonArray, object: sqliteJsonObject } : { array: postgresJsonArray, object: postgresJsonObject };
}

/** SQLite answers JSON as text, PostgreSQL as a value. */
function fromJson<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** In name order; sorted here, as an ORDER BY in the subquery cost SQLite a sort per row. */
function tagsFromJson(value: unknown): TagRecord[] {
  const tags = fromJson<TagRecord[]>(value) ?? [];
  return tags.length > 1 ? tags.sort((a, b) => (a.name_key < b.name_key ? -1 : a.name_key > b.name_key ? 1 : 0)) : tags;
}

function leaseFromJson(value: unknown): LeaseRecord | null {
  const lease = fromJson<LeaseRecord>(value);
  return lease && { ...lease, started_at: Number(lease.started_at), expires_at: Number(lease.expires_at) };
}

function ownedCountQuery(db: Executor, shape: OwnedListShape, v: OwnedListValues, narrow: (base: OwnedBase) => OwnedBase, byCandidates = false) {
  return shape.totalFrom === 'counter' ? liveCountOf(db, v.ownerId) : narrow(ownedBase(db, shape, v, byCandidates)).select((eb) => eb.fn.countAll<number>().as('n'));
}

function byIdOrSerial<Q extends { where: (column: 'p.id' | 'p.serial', op: 'in', values: readonly (string | number)[]) => Q }>(base: Q, query: Pick<ListQuery, 'ids' | 'serials'>): Q {
  let filtered = base;
  if (query.ids !== undefined) filtered = query.ids.length === 0 ? filtered.where('p.id', 'in', ['']) : filtered.where('p.id', 'in', query.ids);
  if (query.serials !== undefined) filtered = query.serials.length === 0 ? filtered.where('p.serial', 'in', [0]) : filtered.where('p.serial', 'in', query.serials);
  return filtered;
}

/**
 * Search over name, remark and proxy host (case-insensitive, substring) and the exact id.
 *
 * The LIKE below is the meaning, on both databases; an index only narrows the rows it reads
 * (migration 0020). PostgreSQL's pg_trgm GIN indexes serve the LIKE itself and recheck it. On
 * SQLite the FTS5 trigram table names the candidates first: it folds case for every script,
 * where SQLite's lower() and LIKE fold ASCII only, so it finds at least what the LIKE finds, and
 * the LIKE then keeps exactly today's rows. Trigrams need three characters: a shorter search
 * reads the account's profiles as before.
 */
function matches(db: Executor, search: string) {
  const pattern = likePattern(search);
  const like = sql<boolean>`(lower(p.name) like ${pattern} escape '\\' or lower(p.remark) like ${pattern} escape '\\' or lower(p.proxy_host) like ${pattern} escape '\\' or p.id = ${search})`;
  const needle = search.toLowerCase();
  if (!searchesCandidates(db, search)) return like;
  // A quoted FTS5 string is one phrase of consecutive trigrams: the substring, taken literally.
  const phrase = `"${needle.replaceAll('"', '""')}"`;
  return sql<boolean>`(p.rowid in (select rowid from profile_search where profile_search match ${phrase} union all select rowid from profiles where id = ${search}) and ${like})`;
}

/** Whether the search reads its candidates from SQLite's FTS5 table (three characters or more; no search reads none). */
function searchesCandidates(db: Executor, search: string | undefined): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter && search !== undefined && [...search.toLowerCase()].length >= 3;
}

/**
 * A column as the WHERE clause names it; with `byCandidates`, written `+column` so SQLite uses no
 * index for it. A search's candidates (a few rows of the FTS5 table, by rowid) must be the
 * rows read; without statistics, or with an account's share of them underestimated, SQLite
 * preferred the account's index and read all its 100,000 profiles to keep one (4 ms against
 * 0.25 ms), and even a search matching all of them was faster by rowid (70 ms against 83).
 */
function unindexed(byCandidates: boolean) {
  return (column: 'p.owner_id' | 'p.deleted_at' | 'p.group_id') => (byCandidates ? sql<string | null>`+${sql.ref(column)}` : sql.ref<string | null>(column));
}

/** A stored permission, or null when the column is empty (no grant of that kind). */
export function asPermission(value: string | null | undefined): SharePermission | null {
  return value && (sharePermissions as readonly string[]).includes(value) ? (value as SharePermission) : null;
}
