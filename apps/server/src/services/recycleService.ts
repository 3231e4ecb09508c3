import { Code, type RecycleItem } from '@facet/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Account } from '../repositories/accounts.ts';
import { ProfilesRepository } from '../repositories/profiles.ts';
import type { Executor } from '../repositories/executor.ts';
import type { OperationLog } from './operationLog.ts';
import type { PlanAllowance } from './planAllowance.ts';
import { assertAllOwned } from './profileService.ts';

/** Delete into the bin, restore, purge, empty; and the job that purges what has expired. */
export class RecycleService {
  private readonly profiles: ProfilesRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly allowance: PlanAllowance,
    private readonly log: OperationLog,
    private readonly clock: Clock,
    readonly retentionDays: number,
    /** Removes what purged profiles kept in the blob store (their saved state), after the rows are gone. */
    private readonly forgetState: (profileIds: readonly string[]) => Promise<void>,
  ) {
    this.profiles = new ProfilesRepository(db);
  }

  async delete(actor: Account, ids: string[]): Promise<number> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const repo = new ProfilesRepository(trx);
      const records = await assertAllOwned(repo, actor, ids);
      const changed = await repo.moveToRecycle(actor.id, ids, now, now + this.retentionDays * 86_400_000);
      await repo.adjustLiveCount(actor.id, -changed);
      await this.log.record(trx, actor, 'profile.delete', records.map((r) => r.name), { count: changed });
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
    return this.inBin(actor, ids, async (repo, trx, names) => {
      // Restored profiles count again: they need room in the plan (and a plan in force).
      await this.allowance.assertProfileRoom(actor, ids.length, trx);
      const changed = await repo.restore(actor.id, ids, this.clock.now());
      await repo.adjustLiveCount(actor.id, changed);
      await this.log.record(trx, actor, 'profile.restore', names, { count: changed });
      return changed;
    });
  }

  async purge(actor: Account, ids: string[]): Promise<number> {
    const purged = await this.inBin(actor, ids, async (repo, trx, names) => {
      const gone = await repo.purgeDeleted(actor.id, ids);
      await this.log.record(trx, actor, 'profile.purge', names, { count: gone.length });
      return gone;
    });
    await this.forgetState(purged);
    return purged.length;
  }

  async empty(actor: Account): Promise<number> {
    const purged = await this.db.transaction().execute(async (trx) => {
      const gone = await new ProfilesRepository(trx).purgeDeleted(actor.id, null);
      if (gone.length > 0) await this.log.record(trx, actor, 'profile.emptyBin', '', { count: gone.length });
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
  private inBin<T>(actor: Account, ids: string[], action: (repo: ProfilesRepository, trx: Executor, names: string[]) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new ProfilesRepository(trx);
      const found = await repo.findOwnedDeleted(actor.id, ids);
      if (found.length !== ids.length) {
        const have = new Set(found.map((r) => r.id));
        throw new AppError(Code.NOT_FOUND, { ids: ids.filter((id) => !have.has(id)) });
      }
      return action(repo, trx, found.sort((a, b) => a.serial - b.serial).map((r) => r.name));
    });
  }
}
