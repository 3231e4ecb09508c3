import { Code, type Group } from '@facet/contracts';
import type { Store } from '../repositories/store.ts';
import type { Clock } from '../clock.ts';
import { uniqueViolationColumn } from '../repositories/uniqueViolation.ts';
import { AppError } from '../errors.ts';
import type { Account } from '../repositories/accounts.ts';
import { type GroupsRepository, type GroupRecord } from '../repositories/groups.ts';
import { newId } from '../security/tokens.ts';
import type { OperationLog } from './operationLog.ts';

interface GroupFields {
  name: string;
  icon: number;
  sort: number;
}

function toGroup(record: GroupRecord, profileCount: number): Group {
  return { id: record.id, name: record.name, icon: record.icon, sort: record.sort, createdAt: record.created_at, profileCount };
}

/** Profile groups of one account: names unique within it, sorted by sort value then name. */
export class GroupService {
  private readonly groups: GroupsRepository;

  constructor(
    private readonly store: Store,
    private readonly log: OperationLog,
    private readonly clock: Clock,
  ) {
    this.groups = store.groups;
  }

  async list(actor: Account): Promise<{ list: Group[]; ungroupedCount: number }> {
    const [rows, ungroupedCount] = await Promise.all([this.groups.list(actor.id), this.groups.countUngrouped(actor.id)]);
    return { list: rows.map((r) => toGroup(r, r.profile_count)), ungroupedCount };
  }

  async create(actor: Account, fields: GroupFields): Promise<Group> {
    const record: GroupRecord = { id: newId('grp'), owner_id: actor.id, ...fields, created_at: this.clock.now() };
    await this.unique(() =>
      this.store.transaction(async (tx) => {
        await tx.groups.insert(record);
        await this.log.record(tx, actor, 'group.create', record.name);
      }),
    );
    return toGroup(record, 0);
  }

  async update(actor: Account, id: string, fields: GroupFields): Promise<Group> {
    const changed = await this.unique(() =>
      this.store.transaction(async (tx) => {
        const before = await tx.groups.find(actor.id, id);
        const updated = await tx.groups.update(actor.id, id, fields);
        if (updated > 0) await this.log.record(tx, actor, 'group.update', fields.name, before && before.name !== fields.name ? { from: before.name } : {});
        return updated;
      }),
    );
    if (changed === 0) throw new AppError(Code.NOT_FOUND, { id });
    const found = (await this.groups.list(actor.id)).find((g) => g.id === id)!;
    return toGroup(found, found.profile_count);
  }

  async delete(actor: Account, id: string): Promise<number> {
    return this.store.transaction(async (tx) => {
      const repo = tx.groups;
      const group = await repo.find(actor.id, id);
      if (!group) throw new AppError(Code.NOT_FOUND, { id });
      const moved = await repo.delete(actor.id, id);
      await this.log.record(tx, actor, 'group.delete', group.name);
      return moved;
    });
  }

  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (uniqueViolationColumn(error) !== null) throw new AppError(Code.GROUP_NAME_TAKEN);
      throw error;
    }
  }
}
