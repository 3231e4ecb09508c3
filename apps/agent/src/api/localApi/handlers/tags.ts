import { Code, facetColorOfAds, MAX_TAGS, serverRefusalMessage, tagCreateCall, tagDeleteCall, tagListCall, tagUpdateCall, type Tag } from '@facet/contracts';
import type { LocalHandlers } from '../context.ts';
import { LocalApiFailure } from '../failures.ts';
import { adsTag } from '../mapping/adsCatalogRows.ts';
import { namingMissing } from '../notFound.ts';

/**
 * AdsPower's browser-tags paths over Facet's tags. The server changes one tag a call; so that a
 * request changes all its tags or none, everything the server would refuse (a name taken, a tag
 * missing, the limit) is checked against the account's tags before the first change.
 */

const key = (name: string) => name.toLocaleLowerCase();

/** Refuses a name another tag has (any letter case) or that the request gives twice. */
function assertNamesFree(names: readonly { id: string | null; name: string }[], tags: readonly Tag[]): void {
  const seen = new Set<string>();
  for (const { id, name } of names) {
    const clash = tags.some((tag) => tag.id !== id && key(tag.name) === key(name));
    if (clash || seen.has(key(name))) throw new LocalApiFailure('tag_name_taken', 200, { name });
    seen.add(key(name));
  }
}

function assertAllFound(ids: readonly string[], tags: readonly Tag[]): void {
  const missing = ids.filter((id) => !tags.some((tag) => tag.id === id));
  if (missing.length > 0) throw new LocalApiFailure('tag_not_found', 200, { ids: missing });
}

export const tagHandlers: Pick<LocalHandlers, 'tagList' | 'tagCreate' | 'tagUpdate' | 'tagDelete'> = {
  tagList: async (body, ctx) => {
    const { list } = await ctx.account().call(tagListCall, {});
    const page = body.page ?? 1;
    const limit = body.limit ?? 50;
    const wanted = body.ids && body.ids.length > 0 ? new Set(body.ids) : null;
    const matching = wanted ? list.filter((tag) => wanted.has(tag.id)) : list;
    return { list: matching.slice((page - 1) * limit, page * limit).map(adsTag), page, limit, total: matching.length };
  },
  tagCreate: async ({ tags }, ctx) => {
    const source = ctx.account();
    const { list } = await source.call(tagListCall, {});
    assertNamesFree(tags.map((tag) => ({ id: null, name: tag.name })), list);
    if (list.length + tags.length > MAX_TAGS) throw new LocalApiFailure(serverRefusalMessage(Code.TAG_LIMIT_REACHED), 200, { limit: MAX_TAGS });
    const created: Tag[] = [];
    for (const tag of tags) created.push((await source.call(tagCreateCall, { name: tag.name, color: facetColorOfAds[tag.color] })).tag);
    return { list: created.map(adsTag) };
  },
  tagUpdate: async ({ tags }, ctx) => {
    const source = ctx.account();
    const { list } = await source.call(tagListCall, {});
    assertAllFound(tags.map((tag) => tag.id), list);
    const changes = tags.map((change) => {
      const current = list.find((tag) => tag.id === change.id)!;
      return { id: change.id, name: change.name ?? current.name, color: change.color ? facetColorOfAds[change.color] : current.color };
    });
    assertNamesFree(changes, list);
    const updated: Tag[] = [];
    for (const change of changes) updated.push((await namingMissing('tag_not_found', () => source.call(tagUpdateCall, change))).tag);
    return { list: updated.map(adsTag) };
  },
  tagDelete: async ({ ids }, ctx) => {
    const source = ctx.account();
    const unique = [...new Set(ids)];
    assertAllFound(unique, (await source.call(tagListCall, {})).list);
    for (const id of unique) await namingMissing('tag_not_found', () => source.call(tagDeleteCall, { id }));
    return undefined;
  },
};
