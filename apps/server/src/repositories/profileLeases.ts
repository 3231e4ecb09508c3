import type { Selectable } from 'kysely';
import type { ProfileLeasesTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type LeaseRecord = Selectable<ProfileLeasesTable> & { holder_name: string };

/** Which machine may run a profile now; a lapsed row is as good as none. */
export class ProfileLeasesRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Takes the lease for `deviceId` unless another machine holds a live one, in one statement
   * (two machines asking at once: exactly one wins). The same machine taking it again keeps its
   * `since`. Answers the lease as it stands afterwards, whoever holds it.
   */
  async acquire(lease: { profileId: string; deviceId: string; deviceName: string; holderId: string }, now: number, ttlMs: number): Promise<LeaseRecord> {
    await this.db
      .insertInto('profile_leases')
      .values({ profile_id: lease.profileId, device_id: lease.deviceId, device_name: lease.deviceName, holder_id: lease.holderId, started_at: now, expires_at: now + ttlMs, ends_at: null })
      .onConflict((oc) =>
        oc.column('profile_id').doUpdateSet((eb) => ({
          device_name: eb.ref('excluded.device_name'),
          holder_id: eb.ref('excluded.holder_id'),
          expires_at: eb.ref('excluded.expires_at'),
          // Taken anew (the launch checked the taker's access): whatever ended before is over.
          ends_at: null,
          // A machine taking over a lapsed lease starts anew; the holder asking again keeps its start.
          started_at: eb
            .case()
            .when(eb.and([eb('profile_leases.device_id', '=', eb.ref('excluded.device_id')), eb('profile_leases.expires_at', '>', now)]))
            .then(eb.ref('profile_leases.started_at'))
            .else(eb.ref('excluded.started_at'))
            .end(),
          device_id: eb.ref('excluded.device_id'),
        })).where((eb) => eb.or([eb('profile_leases.expires_at', '<=', now), eb('profile_leases.device_id', '=', eb.ref('excluded.device_id'))])),
      )
      .execute();
    return (await this.find(lease.profileId))!;
  }

  /**
   * Pushes the expiry of these profiles' leases on where `holderId` holds them on `deviceId`; one whose holder's access has ended is never renewed. Answers how many were.
   */
  async renew(profileIds: readonly string[], deviceId: string, holderId: string, expiresAt: number): Promise<number> {
    if (profileIds.length === 0) return 0;
    const result = await this.db
      .updateTable('profile_leases')
      .set({ expires_at: expiresAt })
      .where('profile_id', 'in', profileIds)
      .where('device_id', '=', deviceId)
      .where('holder_id', '=', holderId)
      .where('ends_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * The holders of these leases may no longer run their profiles: not renewed from now on, and
   * alive at most until `lastUntil` for the last save and the release. Ones already ending keep
   * their first end.
   */
  async end(profileIds: readonly string[], now: number, lastUntil: number): Promise<number> {
    if (profileIds.length === 0) return 0;
    const result = await this.db
      .updateTable('profile_leases')
      .set((eb) => ({ ends_at: now, expires_at: eb.case().when('expires_at', '>', lastUntil).then(lastUntil).else(eb.ref('expires_at')).end() }))
      .where('profile_id', 'in', profileIds)
      .where('ends_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The live leases one account holds, on any machine. */
  async heldBy(holderId: string, now: number): Promise<LeaseRecord[]> {
    const rows = await this.db
      .selectFrom('profile_leases as l')
      .innerJoin('accounts as a', 'a.id', 'l.holder_id')
      .selectAll('l')
      .select('a.username as holder_name')
      .where('l.holder_id', '=', holderId)
      .where('l.expires_at', '>', now)
      .execute();
    return rows.map(asRecord);
  }

  async release(profileId: string, deviceId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('profile_leases').where('profile_id', '=', profileId).where('device_id', '=', deviceId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async find(profileId: string): Promise<LeaseRecord | null> {
    return (await this.live([profileId], Number.MIN_SAFE_INTEGER)).get(profileId) ?? null;
  }

  /** The leases of these profiles still alive at `now`, with the holder's username. */
  async live(profileIds: readonly string[], now: number): Promise<Map<string, LeaseRecord>> {
    if (profileIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('profile_leases as l')
      .innerJoin('accounts as a', 'a.id', 'l.holder_id')
      .selectAll('l')
      .select('a.username as holder_name')
      .where('l.profile_id', 'in', profileIds)
      .where('l.expires_at', '>', now)
      .execute();
    return new Map(rows.map((r) => [r.profile_id, asRecord(r)]));
  }

  async deleteExpired(now: number, limit: number): Promise<number> {
    const expired = this.db.selectFrom('profile_leases').select('profile_id').where('expires_at', '<=', now).limit(limit);
    const result = await this.db.deleteFrom('profile_leases').where('profile_id', 'in', expired).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/** PostgreSQL hands bigints back as strings. */
function asRecord(row: LeaseRecord): LeaseRecord {
  return { ...row, started_at: Number(row.started_at), expires_at: Number(row.expires_at), ends_at: row.ends_at === null ? null : Number(row.ends_at) };
}
