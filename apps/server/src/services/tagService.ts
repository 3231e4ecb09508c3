import { Code, MAX_TAGS, type Tag, type TagColor } from '@facet/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import { uniqueViolationColumn } from '../db/errors.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Account } from '../repositories/accounts.ts';
import { ProfilesRepository } from '../repositories/profiles.ts';
import { TagsRepository, type TagRecord } from '../repositories/tags.ts';
import { newId } from '../security/tokens.ts';
import { assertAllOwned } from './profileService.ts';
import { toTag } from './tagView.ts';

/** An account's tags (names unique whatever their case) and the tags on its own profiles. */
export class TagService {
  private readonly tags: TagsRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {
    this.tags = new TagsRepository(db);
  }

  async list(actor: Account): Promise<(Tag & { profileCount: number })[]> {
    return (await this.tags.list(actor.id)).map((r) => ({ ...toTag(r), profileCount: r.profile_count }));
  }

  async create(actor: Account, fields: { name: string; color: TagColor }): Promise<Tag> {
    const record: TagRecord = { id: newId('tag'), owner_id: actor.id, name: fields.name, name_key: fields.name.toLowerCase(), color: fields.color, created_at: this.clock.now() };
    await this.unique(() =>
      this.db.transaction().execute(async (trx) => {
        const repo = new TagsRepository(trx);
        if ((await repo.count(actor.id)) >= MAX_TAGS) throw new AppError(Code.TAG_LIMIT_REACHED, { limit: MAX_TAGS });
        await repo.insert(record);
      }),
    );
    return toTag(record);
  }

  async update(actor: Account, id: string, fields: { name: string; color: TagColor }): Promise<Tag> {
    const changed = await this.unique(() => this.tags.update(actor.id, id, { name: fields.name, name_key: fields.name.toLowerCase(), color: fields.color }));
    if (changed === 0) throw new AppError(Code.NOT_FOUND, { id });
    return toTag((await this.tags.findOwned(actor.id, [id]))[0]!);
  }

  async delete(actor: Account, id: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new TagsRepository(trx);
      if ((await repo.findOwned(actor.id, [id])).length === 0) throw new AppError(Code.NOT_FOUND, { id });
      return repo.delete(actor.id, id);
    });
  }

  /** All or none: every profile must be the actor's, every tag too (another's reads as not found). */
  async apply(actor: Account, ids: string[], add: string[], remove: string[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await assertAllOwned(new ProfilesRepository(trx), actor, ids);
      const repo = new TagsRepository(trx);
      const wanted = [...new Set([...add, ...remove])];
      const found = new Set((await repo.findOwned(actor.id, wanted)).map((t) => t.id));
      const missing = wanted.filter((id) => !found.has(id));
      if (missing.length > 0) throw new AppError(Code.NOT_FOUND, { tags: missing });
      await repo.apply(ids, [...new Set(add)], [...new Set(remove)]);
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
