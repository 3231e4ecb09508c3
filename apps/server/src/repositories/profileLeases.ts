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
      .values({ profile_id: lease.profileId, device_id: lease.deviceId, device_name: lease.deviceName, holder_id: lease.holderId, started_at: now, expires_at: now + ttlMs })
      .onConflict((oc) =>
        oc.column('profile_id').doUpdateSet((eb) => ({
          device_name: eb.ref('excluded.device_name'),
          holder_id: eb.ref('excluded.holder_id'),
          expires_at: eb.ref('excluded.expires_at'),
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

  /** Pushes the holder's expiry on; false when `deviceId` does not hold it (another machine took it after it lapsed). */
  async renew(profileId: string, deviceId: string, expiresAt: number): Promise<boolean> {
    const result = await this.db.updateTable('profile_leases').set({ expires_at: expiresAt }).where('profile_id', '=', profileId).where('device_id', '=', deviceId).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
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
    return new Map(rows.map((r) => [r.profile_id, { ...r, started_at: Number(r.started_at), expires_at: Number(r.expires_at) }]));
  }

  async deleteExpired(now: number, limit: number): Promise<number> {
    const expired = this.db.selectFrom('profile_leases').select('profile_id').where('expires_at', '<=', now).limit(limit);
    const result = await this.db.deleteFrom('profile_leases').where('profile_id', 'in', expired).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
