import { randomUUID } from 'node:crypto';
import { Code, UNLIMITED } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { AccountsRepository } from '../repositories/accounts.ts';
import type { Store } from '../repositories/store.ts';
import type { PlanAllowance } from './planAllowance.ts';
import { storageBytesOf } from '../codecs/storageBytes.ts';

/**
 * Something that keeps a team's bytes in the blob store: its plugins (pluginUsage.ts), its
 * synced profile state. Registered once when services are wired (container.ts).
 */
export interface UsageSource {
  /** Names the source in `StorageUse.bySource` ('plugins', 'sync'); unique. */
  readonly name: string;
  /**
   * Bytes the whole team keeps through this source: the main account's id is given, and what
   * its sub-accounts keep belongs to it (teamIdOf in roles.ts). Read through `db`: inside the
   * reservation's locked transaction when one asks.
   */
  bytesOf(teamId: string, db: Store): Promise<number>;
}

/**
 * Room granted to one upload while its bytes are written: counted as used until it is settled
 * (the bytes recorded by their source, in the same transaction) or released (the upload failed).
 */
export interface StorageReservation {
  /**
   * Ends the reservation. Given the transaction that records the stored bytes, it takes the
   * team's lock there: call it first in that transaction, so the lock is taken before the writes.
   */
  release(db?: Store): Promise<void>;
}

/** An upload a reservation would not cover may still be stored after this long (a server stopped mid-upload). */
const RESERVATION_LIFETIME_MS = 30 * 60_000;

const nothingReserved: StorageReservation = { release: async () => {} };

interface StorageUse {
  /** The main account whose plan the storage comes from. */
  teamId: string;
  usedBytes: number;
  /** -1 unlimited. */
  limitBytes: number;
  bySource: Record<string, number>;
}

/**
 * Storage per plan (issue 15). A team (a main account and its sub-accounts) shares its main
 * account's allowance, the sum over every registered source. Checked before bytes are stored,
 * so a refused upload stores nothing. Uploads reserve their room (issue 34): the check and the
 * grant are one step under the team's lock, so parallel uploads cannot all pass one check.
 */
export class StorageQuota {
  private readonly sources: UsageSource[] = [];

  constructor(
    private readonly store: Store,
    private readonly accounts: AccountsRepository,
    private readonly allowance: PlanAllowance,
    private readonly clock: Clock,
  ) {}

  register(source: UsageSource): void {
    if (this.sources.some((s) => s.name === source.name)) throw new Error(`storage usage source ${source.name} registered twice`);
    this.sources.push(source);
  }

  /** What the account's team keeps and may keep. */
  async usage(accountId: string): Promise<StorageUse> {
    const { teamId, limitBytes } = await this.limitOf(accountId);
    return { teamId, limitBytes, ...(await this.used(teamId)) };
  }

  /**
   * Throws STORAGE_FULL (data: usedBytes, limitBytes, neededBytes) when `extraBytes` more would
   * go past the team's allowance. An unlimited team is not counted at all, and adding nothing
   * always fits (a team over a smaller new plan can still save what takes no more room).
   */
  async ensureRoom(accountId: string, extraBytes: number): Promise<void> {
    if (extraBytes <= 0) return;
    const { teamId, limitBytes } = await this.limitOf(accountId);
    if (limitBytes === UNLIMITED) return;
    const usedBytes = (await this.used(teamId, this.store)).usedBytes + (await this.store.storageReservations.bytesOf(teamId, this.clock.now()));
    if (usedBytes + extraBytes > limitBytes) throw new AppError(Code.STORAGE_FULL, { usedBytes, limitBytes, neededBytes: extraBytes });
  }

  /**
   * Room for `extraBytes` about to be stored, or STORAGE_FULL as ensureRoom says. What is used
   * includes every other upload's reservation, and the check and the grant run under the team's
   * lock: of parallel uploads, exactly those that fit get room. The caller stores its bytes,
   * records them and releases the reservation in one transaction (or releases it on failure).
   */
  async reserve(accountId: string, extraBytes: number): Promise<StorageReservation> {
    if (extraBytes <= 0) return nothingReserved;
    const { teamId, limitBytes } = await this.limitOf(accountId);
    if (limitBytes === UNLIMITED) return nothingReserved;
    const id = randomUUID();
    await this.store.transaction(async (tx) => {
      const reservations = tx.storageReservations;
      await reservations.lockTeam(teamId);
      const now = this.clock.now();
      await reservations.removeLapsed(teamId, now);
      const usedBytes = (await this.used(teamId, tx)).usedBytes + (await reservations.bytesOf(teamId, now));
      if (usedBytes + extraBytes > limitBytes) throw new AppError(Code.STORAGE_FULL, { usedBytes, limitBytes, neededBytes: extraBytes });
      await reservations.insert({ id, team_id: teamId, bytes: extraBytes, expires_at: now + RESERVATION_LIFETIME_MS });
    });
    return {
      release: async (db?: Store) => {
        const reservations = (db ?? this.store).storageReservations;
        // Settled in the transaction that records the bytes: under the team's lock, or a reserve
        // reading between that commit's two effects would count neither the bytes nor the room.
        if (db) await reservations.lockTeam(teamId);
        await reservations.remove(id);
      },
    };
  }

  private async used(teamId: string, db: Store = this.store): Promise<{ usedBytes: number; bySource: Record<string, number> }> {
    const bySource: Record<string, number> = {};
    for (const source of this.sources) bySource[source.name] = await source.bytesOf(teamId, db);
    return { usedBytes: Object.values(bySource).reduce((sum, bytes) => sum + bytes, 0), bySource };
  }

  private async limitOf(accountId: string): Promise<{ teamId: string; limitBytes: number }> {
    const account = await this.accounts.findById(accountId);
    if (!account) throw new AppError(Code.NOT_FOUND, { accountId });
    const team = await this.allowance.of(account);
    return { teamId: team.holderId, limitBytes: storageBytesOf(team.storageMb) };
  }
}
