import { createHash } from 'node:crypto';
import { Code, type ProfileLease } from '@facet/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Account } from '../repositories/accounts.ts';
import { ProfileLeasesRepository, type LeaseRecord } from '../repositories/profileLeases.ts';
import { ProfilesRepository } from '../repositories/profiles.ts';
import { accessTo } from './profileAccess.ts';

/**
 * How long a lease lives without a heartbeat. The agent renews every LEASE_RENEW_MS while the
 * browser runs; a machine that crashed or lost its network frees the profile after this.
 */
export const LEASE_TTL_MS = 2 * 60_000;

/** The device id the team sees: a hash of the agent's public device key (the key itself is no secret either). */
export function deviceIdOf(deviceKey: string): string {
  return createHash('sha256').update(deviceKey).digest('hex').slice(0, 32);
}

export function toLease(record: LeaseRecord): ProfileLease {
  return { device: record.device_name, by: record.holder_name, since: record.started_at, expiresAt: record.expires_at, deviceId: record.device_id };
}

/**
 * One live browser per profile across machines. Whoever may run a profile takes its lease at the
 * launch; a second machine is refused and told where it runs and since when, until the holder
 * releases it or it lapses. The caller has checked the actor's access to the profile.
 */
export class LeaseService {
  private readonly leases: ProfileLeasesRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly ttlMs: number = LEASE_TTL_MS,
  ) {
    this.leases = new ProfileLeasesRepository(db);
  }

  async take(actor: Account, profileId: string, deviceKey: string, deviceName: string | undefined): Promise<ProfileLease> {
    const deviceId = deviceIdOf(deviceKey);
    const now = this.clock.now();
    const lease = await this.leases.acquire({ profileId, deviceId, deviceName: deviceName ?? `computer ${deviceId.slice(0, 6)}`, holderId: actor.id }, now, this.ttlMs);
    if (lease.device_id !== deviceId) throw new AppError(Code.PROFILE_OPEN_ELSEWHERE, toLease(lease));
    return toLease(lease);
  }

  /** The running machine's heartbeat, by whoever may run the profile. */
  async renewFor(actor: Account, profileId: string, deviceKey: string): Promise<number> {
    await accessTo(new ProfilesRepository(this.db), actor, [profileId], 'run');
    return this.renew(profileId, deviceKey);
  }

  async releaseFor(actor: Account, profileId: string, deviceKey: string): Promise<boolean> {
    await accessTo(new ProfilesRepository(this.db), actor, [profileId], 'run');
    return this.release(profileId, deviceKey);
  }

  async renew(profileId: string, deviceKey: string): Promise<number> {
    const expiresAt = this.clock.now() + this.ttlMs;
    if (!(await this.leases.renew(profileId, deviceIdOf(deviceKey), expiresAt))) throw await this.notHeld(profileId);
    return expiresAt;
  }

  release(profileId: string, deviceKey: string): Promise<boolean> {
    return this.leases.release(profileId, deviceIdOf(deviceKey));
  }

  /** Refuses a save from a machine that does not hold the profile now (its lease lapsed and another took it). */
  async assertHeld(profileId: string, deviceKey: string): Promise<ProfileLease> {
    const lease = await this.leases.find(profileId);
    if (!lease || lease.device_id !== deviceIdOf(deviceKey)) throw await this.notHeld(profileId);
    return toLease(lease);
  }

  /** Refuses while any machine holds a live lease (a restore under a running browser). */
  async assertFree(profileId: string): Promise<void> {
    const lease = (await this.leases.live([profileId], this.clock.now())).get(profileId);
    if (lease) throw new AppError(Code.PROFILE_OPEN_ELSEWHERE, toLease(lease));
  }

  /** The live leases of these profiles: the browser list's "running on …". */
  async liveOf(profileIds: readonly string[]): Promise<Map<string, ProfileLease>> {
    const live = await this.leases.live(profileIds, this.clock.now());
    return new Map([...live].map(([id, record]) => [id, toLease(record)]));
  }

  deleteExpired(limit: number): Promise<number> {
    return this.leases.deleteExpired(this.clock.now(), limit);
  }

  private async notHeld(profileId: string): Promise<AppError> {
    const lease = (await this.leases.live([profileId], this.clock.now())).get(profileId);
    return new AppError(Code.LEASE_NOT_HELD, { lease: lease ? toLease(lease) : null });
  }
}
