import { Code, type RecycleItem } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Account } from '../repositories/accounts.ts';
import type { ProfilesRepository } from '../repositories/profiles.ts';
import type { Store } from '../repositories/store.ts';
import type { OperationLog } from './operationLog.ts';
import type { PlanAllowance } from './planAllowance.ts';
import { assertAllOwned } from './profileService.ts';

/** Delete into the bin, restore, purge, empty; and the job that purges what has expired. */
export class RecycleService {
  private readonly profiles: ProfilesRepository;

  constructor(
    private readonly store: Store,
    private readonly allowance: PlanAllowance,
    private readonly log: OperationLog,
    private readonly clock: Clock,
    readonly retentionDays: number,
    /** Removes what purged profiles kept in the blob store (their saved state), after the rows are gone. */
    private readonly forgetState: (profileIds: readonly string[]) => Promise<void>,
  ) {
    this.profiles = store.profiles;
  }

  async delete(actor: Account, ids: string[]): Promise<number> {
    const now = this.clock.now();
    return this.store.transaction(async (tx) => {
      const repo = tx.profiles;
      const records = await assertAllOwned(repo, actor, ids);
      const changed = await repo.moveToRecycle(actor.id, ids, now, now + this.retentionDays * 86_400_000);
      await repo.adjustLiveCount(actor.id, -changed);
      await this.log.record(tx, actor, 'profile.delete', records.map((r) => r.name), { count: changed });
      return changed;
    });
  }

  async list(actor: Account, page: number, limit: number, search: string): Promise<{ list: RecycleItem[]; total: number; retentionDays: number }> {
    const { rows, total } = await this.profiles.listDeleted(actor.id, page, limit, search);
    return {
      list: rows.map((r) => ({ id: r.id, serial: r.serial, name: r.name, groupName: r.group_name ?? '', deletedAt: r.deleted_at!, purgeAt: r.purge_at! })),
      total,
      retentionDays: this.retentionDays,
    };
  }

  restore(actor: Account, ids: string[]): Promise<number> {
    return this.inBin(actor, ids, async (repo, tx, names) => {
      // Restored profiles count again: they need room in the plan (and a plan in force).
      await this.allowance.assertProfileRoom(actor, ids.length, tx);
      const changed = await repo.restore(actor.id, ids, this.clock.now());
      await repo.adjustLiveCount(actor.id, changed);
      await this.log.record(tx, actor, 'profile.restore', names, { count: changed });
      return changed;
    });
  }

  async purge(actor: Account, ids: string[]): Promise<number> {
    const purged = await this.inBin(actor, ids, async (repo, tx, names) => {
      const gone = await repo.purgeDeleted(actor.id, ids);
      await this.log.record(tx, actor, 'profile.purge', names, { count: gone.length });
      return gone;
    });
    await this.forgetState(purged);
    return purged.length;
  }

  async empty(actor: Account): Promise<number> {
    const purged = await this.store.transaction(async (tx) => {
      const gone = await tx.profiles.purgeDeleted(actor.id, null);
      if (gone.length > 0) await this.log.record(tx, actor, 'profile.emptyBin', '', { count: gone.length });
      return gone;
    });
    await this.forgetState(purged);
    return purged.length;
  }

  async purgeExpired(): Promise<number> {
    const purged = await this.profiles.purgeExpired(this.clock.now());
    await this.forgetState(purged);
    return purged.length;
  }

  /** All named ids must be the actor's recycled profiles, or nothing happens. */
  private inBin<T>(actor: Account, ids: string[], action: (repo: ProfilesRepository, tx: Store, names: string[]) => Promise<T>): Promise<T> {
    return this.store.transaction(async (tx) => {
      const repo = tx.profiles;
      const found = await repo.findOwnedDeleted(actor.id, ids);
      if (found.length !== ids.length) {
        const have = new Set(found.map((r) => r.id));
        throw new AppError(Code.NOT_FOUND, { ids: ids.filter((id) => !have.has(id)) });
      }
      return action(repo, tx, found.sort((a, b) => a.serial - b.serial).map((r) => r.name));
    });
  }
}
