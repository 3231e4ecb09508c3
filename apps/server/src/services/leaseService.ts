import { createHash } from 'node:crypto';
import { Code, type LeaseBeat, type LeaseEndReason, type ProfileLease } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { PushHub } from '../realtime/pushHub.ts';
import type { Account } from '../repositories/accounts.ts';
import type { Store } from '../repositories/store.ts';
import { type ProfileLeasesRepository, type LeaseRecord } from '../repositories/profileLeases.ts';
import type { OperationLog } from './operationLog.ts';
import type { PlanAllowance } from './planAllowance.ts';
import { reachOf, type ProfileAccess } from './profileAccess.ts';

/**
 * How long a lease lives without a heartbeat. The agent beats every LEASE_BEAT_MS (5 s) while the
 * browser runs; a machine that crashed or lost its network frees the profile after this.
 */
export const LEASE_TTL_MS = 2 * 60_000;

/**
 * How long a holder whose access ended keeps the lease: time for its browser to close, its state
 * to go up for the owner and the lease to come back. A machine that is offline then frees the
 * profile after this rather than after the full two minutes.
 */
const LEASE_LAST_SAVE_MS = 60_000;

/** Leases whose holders lost their access in one change, for the pushes after its commit. */
type EndedLeases = readonly Pick<LeaseRecord, 'profile_id' | 'holder_id'>[];

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
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly allowance: Pick<PlanAllowance, 'restricts'>,
    private readonly push: Pick<PushHub, 'pushToAccount'>,
    private readonly log: Pick<OperationLog, 'recordUse'>,
    private readonly ttlMs: number = LEASE_TTL_MS,
  ) {
    this.leases = store.profileLeases;
  }

  async take(actor: Account, profileId: string, deviceKey: string, deviceName: string | undefined): Promise<ProfileLease> {
    const deviceId = deviceIdOf(deviceKey);
    const now = this.clock.now();
    const lease = await this.leases.acquire({ profileId, deviceId, deviceName: deviceName ?? `computer ${deviceId.slice(0, 6)}`, holderId: actor.id }, now, this.ttlMs);
    if (lease.device_id !== deviceId) throw new AppError(Code.PROFILE_OPEN_ELSEWHERE, toLease(lease));
    return toLease(lease);
  }

  /**
   * The machine's heartbeat for the profiles it runs as `actor`: each one it still holds and may
   * still run is renewed; one whose access has gone (a revoked share, a transfer, a group taken
   * away, an ended plan: whatever a launch would refuse now) is ended, and its browser closes.
   * Another machine's lease is named only on a profile the actor can see.
   */
  async beat(actor: Account, deviceKey: string, ids: readonly string[]): Promise<LeaseBeat[]> {
    const unique = [...new Set(ids)];
    const deviceId = deviceIdOf(deviceKey);
    const now = this.clock.now();
    const rows = await this.leases.live(unique, now);
    const reached = await reachOf(this.store.profiles, actor.id, unique);
    const mine = unique.filter((id) => rows.get(id)?.device_id === deviceId && rows.get(id)?.holder_id === actor.id);
    const planExpired = mine.length > 0 && (await this.allowance.restricts(actor));
    const ending = mine.filter((id) => rows.get(id)!.ends_at === null && (planExpired || !reached.has(id)));
    const lastUntil = now + LEASE_LAST_SAVE_MS;
    if (ending.length > 0) {
      await this.leases.end(ending, now, lastUntil);
      await this.tell(ending.map((id) => ({ profile_id: id, holder_id: actor.id })));
    }
    const renewed = mine.filter((id) => rows.get(id)!.ends_at === null && !ending.includes(id));
    const expiresAt = now + this.ttlMs;
    await this.leases.renew(renewed, deviceId, actor.id, expiresAt);
    const reason: LeaseEndReason = planExpired ? 'planExpired' : 'accessEnded';
    return unique.map((id): LeaseBeat => {
      const row = rows.get(id);
      if (renewed.includes(id)) return { id, state: 'held', expiresAt, holder: null, reason: null };
      if (mine.includes(id)) return { id, state: 'ended', expiresAt: Math.min(row!.expires_at, lastUntil), holder: null, reason };
      return { id, state: 'lost', expiresAt: null, holder: row && reached.has(id) ? toLease(row) : null, reason: null };
    });
  }

  /** One profile's beat, as the older single call answers it: the expiry, or why not. */
  async renewFor(actor: Account, profileId: string, deviceKey: string): Promise<number> {
    const [beat] = await this.beat(actor, deviceKey, [profileId]);
    if (beat!.state === 'held') return beat!.expiresAt!;
    if (beat!.state === 'ended') throw new AppError(Code.PROFILE_ACCESS_ENDED, { reason: beat!.reason });
    throw new AppError(Code.LEASE_NOT_HELD, { lease: beat!.holder });
  }

  /** Given back by the machine that holds it, also after its holder's access ended; the owner is told. */
  async releaseFor(actor: Account, profileId: string, deviceKey: string): Promise<boolean> {
    const { record } = await this.reachToSave(actor, profileId, deviceKey);
    const lease = await this.leases.find(profileId);
    const released = await this.store.transaction(async (tx) => {
      const gone = await tx.profileLeases.release(profileId, deviceIdOf(deviceKey));
      // A browser that opened (its start recorded the use after taking this lease) closed; a
      // start that failed and gives the lease back opened nothing to close.
      const opened = record.last_used_at !== null && lease !== null && Number(record.last_used_at) >= lease.started_at;
      if (gone && opened) await this.log.recordUse(tx, actor, 'browser.close', record, lease.device_name);
      return gone;
    });
    if (released) {
      for (const account of new Set([record.owner_id, actor.id])) await this.push.pushToAccount(account, Code.PROFILE_LEASES_CHANGED, { ids: [profileId] });
    }
    return released;
  }

  /**
   * What a save needs: the right to run the profile, or the lease this machine (any, when
   * `deviceKey` is null: the cookie save proves its start with a grant) still holds on it after
   * that right ended, for the last save of what its browser held. Anything else is "not found".
   */
  async reachToSave(actor: Account, profileId: string, deviceKey: string | null): Promise<ProfileAccess> {
    const profiles = this.store.profiles;
    const reached = (await reachOf(profiles, actor.id, [profileId])).get(profileId);
    if (reached) return reached;
    const ending = await profiles.findHeldEnding(actor.id, profileId, deviceKey === null ? null : deviceIdOf(deviceKey), this.clock.now());
    if (!ending) throw new AppError(Code.NOT_FOUND, { ids: [profileId] });
    // No right left but this save: the least there is, so only the launch's grant lets cookies in.
    return { record: ending, permission: 'run', sharedBy: null };
  }

  /**
   * Inside the transaction that takes access away: the leases on these profiles (or held by this
   * account) whose holders can no longer reach them end now, so a machine that never beats again
   * frees them within LEASE_LAST_SAVE_MS. Answers them for `tell` after the commit.
   */
  async endWithoutAccess(executor: Store, scope: { profileIds: readonly string[] } | { holderId: string }): Promise<EndedLeases> {
    const now = this.clock.now();
    const leases = executor.profileLeases;
    const live = 'holderId' in scope ? await leases.heldBy(scope.holderId, now) : [...(await leases.live(scope.profileIds, now)).values()];
    const profiles = executor.profiles;
    const gone: LeaseRecord[] = [];
    for (const holderId of new Set(live.map((l) => l.holder_id))) {
      const held = live.filter((l) => l.holder_id === holderId && l.ends_at === null);
      const reached = await reachOf(profiles, holderId, held.map((l) => l.profile_id));
      gone.push(...held.filter((l) => !reached.has(l.profile_id)));
    }
    await leases.end(gone.map((l) => l.profile_id), now, now + LEASE_LAST_SAVE_MS);
    return gone;
  }

  /** Each holder's consoles hear which of the profiles it runs it may no longer (its agent hears at its next beat). */
  async tell(ended: EndedLeases): Promise<void> {
    for (const holderId of new Set(ended.map((l) => l.holder_id))) {
      await this.push.pushToAccount(holderId, Code.PROFILE_ACCESS_ENDED, { ids: ended.filter((l) => l.holder_id === holderId).map((l) => l.profile_id) });
    }
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

  /**
   * Whether each of `ids` the actor sees runs on some machine now (cloud-active). The ids are
   * narrowed to the actor's reach before any lease is read, so an id of another account's profile
   * is neither answered nor looked up.
   */
  async activeFor(actor: Account, ids: readonly string[]): Promise<{ id: string; running: boolean; lease: ProfileLease | null }[]> {
    const unique = [...new Set(ids)];
    const reached = await reachOf(this.store.profiles, actor.id, unique);
    const visible = unique.filter((id) => reached.has(id));
    const live = await this.leases.live(visible, this.clock.now());
    return visible.map((id) => {
      const record = live.get(id);
      return { id, running: record !== undefined, lease: record ? toLease(record) : null };
    });
  }

  deleteExpired(limit: number): Promise<number> {
    return this.leases.deleteExpired(this.clock.now(), limit);
  }

  private async notHeld(profileId: string): Promise<AppError> {
    const lease = (await this.leases.live([profileId], this.clock.now())).get(profileId);
    return new AppError(Code.LEASE_NOT_HELD, { lease: lease ? toLease(lease) : null });
  }
}
