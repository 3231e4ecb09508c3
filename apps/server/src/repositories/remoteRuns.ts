import type { Kysely, Selectable } from 'kysely';
import type { Database, RemoteRunsTable } from '../db/schema.ts';
import { sharedOrGranted } from './profileReach.ts';

export type RemoteRunRecord = Selectable<RemoteRunsTable>;
type LiveState = 'starting' | 'running';

/** Profiles run on hosts for remote use; a run is live until `ended_at`. */
export class RemoteRunsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(run: Omit<RemoteRunRecord, 'state' | 'failure' | 'width' | 'height' | 'ended_at'>): Promise<void> {
    await this.db.insertInto('remote_runs').values({ ...run, state: 'starting', failure: null, width: null, height: null, ended_at: null }).execute();
  }

  findById(id: string): Promise<RemoteRunRecord | undefined> {
    return this.db.selectFrom('remote_runs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The run a run token names, live or ended at or after `endedSince` (its closing save). */
  findByTokenHash(tokenHash: string, endedSince: number): Promise<RemoteRunRecord | undefined> {
    return this.db
      .selectFrom('remote_runs')
      .selectAll()
      .where('run_token_hash', '=', tokenHash)
      .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', endedSince)]))
      .executeTakeFirst();
  }

  findLiveForProfile(profileId: string): Promise<RemoteRunRecord | undefined> {
    return this.db.selectFrom('remote_runs').selectAll().where('profile_id', '=', profileId).where('ended_at', 'is', null).executeTakeFirst();
  }

  /**
   * Live runs of the profiles that reach `accountId` as profileAccess.reachOf counts them: its
   * own, shared with it, or in a group granted to it. The service still checks each (the
   * permission, the host); this keeps the read to the actor's runs, not every team's.
   */
  liveReachableBy(accountId: string): Promise<RemoteRunRecord[]> {
    return this.db
      .selectFrom('remote_runs as r')
      .innerJoin('profiles as p', 'p.id', 'r.profile_id')
      .selectAll('r')
      .where('r.ended_at', 'is', null)
      .where('p.deleted_at', 'is', null)
      .where((eb) => eb.or([eb('p.owner_id', '=', accountId), sharedOrGranted(eb, accountId)]))
      .orderBy('r.started_at')
      .execute();
  }

  liveOnHost(hostId: string): Promise<RemoteRunRecord[]> {
    return this.db.selectFrom('remote_runs').selectAll().where('host_id', '=', hostId).where('ended_at', 'is', null).execute();
  }

  /** Running at this size; only a live run changes (a late report of an ended one is ignored). */
  async running(id: string, width: number, height: number): Promise<boolean> {
    const result = await this.db.updateTable('remote_runs').set({ state: 'running', width, height }).where('id', '=', id).where('ended_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async end(id: string, state: Exclude<RemoteRunRecord['state'], LiveState>, failure: string | null, now: number): Promise<boolean> {
    const result = await this.db.updateTable('remote_runs').set({ state, failure, ended_at: now }).where('id', '=', id).where('ended_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteEndedBefore(before: number): Promise<number> {
    const result = await this.db.deleteFrom('remote_runs').where('ended_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
