import { Code, MAX_TAGS, type Tag, type TagColor } from '@facet/contracts';
import type { Store } from '../repositories/store.ts';
import type { Clock } from '../clock.ts';
import { uniqueViolationColumn } from '../repositories/uniqueViolation.ts';
import { AppError } from '../errors.ts';
import type { Account } from '../repositories/accounts.ts';
import { type TagsRepository, type TagRecord } from '../repositories/tags.ts';
import { newId } from '../security/tokens.ts';
import type { OperationLog } from './operationLog.ts';
import { assertAllOwned } from './profileService.ts';
import { toTag } from '../codecs/tagView.ts';

/** An account's tags (names unique whatever their case) and the tags on its own profiles. */
export class TagService {
  private readonly tags: TagsRepository;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly log: OperationLog,
  ) {
    this.tags = store.tags;
  }

  async list(actor: Account): Promise<(Tag & { profileCount: number })[]> {
    return (await this.tags.list(actor.id)).map((r) => ({ ...toTag(r), profileCount: r.profile_count }));
  }

  async create(actor: Account, fields: { name: string; color: TagColor }): Promise<Tag> {
    const record: TagRecord = { id: newId('tag'), owner_id: actor.id, name: fields.name, name_key: fields.name.toLowerCase(), color: fields.color, created_at: this.clock.now() };
    await this.unique(() =>
      this.store.transaction(async (tx) => {
        const repo = tx.tags;
        if ((await repo.count(actor.id)) >= MAX_TAGS) throw new AppError(Code.TAG_LIMIT_REACHED, { limit: MAX_TAGS });
        await repo.insert(record);
        await this.log.record(tx, actor, 'tag.create', record.name);
      }),
    );
    return toTag(record);
  }

  async update(actor: Account, id: string, fields: { name: string; color: TagColor }): Promise<Tag> {
    await this.unique(() =>
      this.store.transaction(async (tx) => {
        const repo = tx.tags;
        const [before] = await repo.findOwned(actor.id, [id]);
        if (!before || (await repo.update(actor.id, id, { name: fields.name, name_key: fields.name.toLowerCase(), color: fields.color })) === 0) throw new AppError(Code.NOT_FOUND, { id });
        await this.log.record(tx, actor, 'tag.update', fields.name, before.name !== fields.name ? { from: before.name } : {});
      }),
    );
    return toTag((await this.tags.findOwned(actor.id, [id]))[0]!);
  }

  async delete(actor: Account, id: string): Promise<number> {
    return this.store.transaction(async (tx) => {
      const repo = tx.tags;
      const [tag] = await repo.findOwned(actor.id, [id]);
      if (!tag) throw new AppError(Code.NOT_FOUND, { id });
      const untagged = await repo.delete(actor.id, id);
      await this.log.record(tx, actor, 'tag.delete', tag.name, { count: untagged });
      return untagged;
    });
  }

  /** All or none: every profile must be the actor's, every tag too (another's reads as not found). */
  async apply(actor: Account, ids: string[], add: string[], remove: string[]): Promise<number> {
    return this.store.transaction(async (tx) => {
      const records = await assertAllOwned(tx.profiles, actor, ids);
      const repo = tx.tags;
      const wanted = [...new Set([...add, ...remove])];
      const found = new Map((await repo.findOwned(actor.id, wanted)).map((t) => [t.id, t.name]));
      const missing = wanted.filter((id) => !found.has(id));
      if (missing.length > 0) throw new AppError(Code.NOT_FOUND, { tags: missing });
      await repo.apply(ids, [...new Set(add)], [...new Set(remove)]);
      const names = (tagIds: string[]) => [...new Set(tagIds)].map((t) => found.get(t)!).join(', ').slice(0, 200);
      await this.log.record(tx, actor, 'profile.tag', records.map((r) => r.name), { count: ids.length, added: names(add), removed: names(remove) });
      return ids.length;
    });
  }

  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (uniqueViolationColumn(error) !== null) throw new AppError(Code.TAG_NAME_TAKEN);
      throw error;
    }
  }
}
