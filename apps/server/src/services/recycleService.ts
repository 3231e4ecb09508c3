import { Code, type RecycleItem } from '@facet/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Account } from '../repositories/accounts.ts';
import { ProfilesRepository } from '../repositories/profiles.ts';
import { assertAllOwned } from './profileService.ts';

/** Delete into the bin, restore, purge, empty; and the job that purges what has expired. */
export class RecycleService {
  private readonly profiles: ProfilesRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    readonly retentionDays: number,
  ) {
    this.profiles = new ProfilesRepository(db);
  }

  async delete(actor: Account, ids: string[]): Promise<number> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const repo = new ProfilesRepository(trx);
      await assertAllOwned(repo, actor, ids);
      const changed = await repo.moveToRecycle(actor.id, ids, now, now + this.retentionDays * 86_400_000);
      await repo.adjustLiveCount(actor.id, -changed);
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
    return this.inBin(actor, ids, async (repo) => {
      const changed = await repo.restore(actor.id, ids, this.clock.now());
      await repo.adjustLiveCount(actor.id, changed);
      return changed;
    });
  }

  purge(actor: Account, ids: string[]): Promise<number> {
    return this.inBin(actor, ids, (repo) => repo.purgeDeleted(actor.id, ids));
  }

  empty(actor: Account): Promise<number> {
    return this.profiles.purgeDeleted(actor.id, null);
  }

  purgeExpired(): Promise<number> {
    return this.profiles.purgeExpired(this.clock.now());
  }

  /** All named ids must be the actor's recycled profiles, or nothing happens. */
  private inBin(actor: Account, ids: string[], action: (repo: ProfilesRepository) => Promise<number>): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new ProfilesRepository(trx);
      const found = await repo.findOwnedDeleted(actor.id, ids);
      if (found.length !== ids.length) {
        const have = new Set(found.map((r) => r.id));
        throw new AppError(Code.NOT_FOUND, { ids: ids.filter((id) => !have.has(id)) });
      }
      return action(repo);
    });
  }
}
