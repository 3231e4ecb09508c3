import { groupCreateCall, groupListCall, groupUpdateCall, pluginListCall, type Group } from '@facet/contracts';
import type { LocalHandlers } from '../context.ts';
import { LocalApiFailure } from '../failures.ts';
import { adsApplication, adsGroup } from '../mapping/adsRows.ts';
import { pageSlice } from '../pageSlice.ts';

/** Groups and application categories (the team's plugins) by AdsPower's names. */

/** The server answers all of an account's groups at once; AdsPower's page and name filter are applied here. */
function pageOf<T>(items: readonly T[], page: number, size: number): T[] {
  return items.slice((page - 1) * size, page * size);
}

export const groupHandlers: Pick<LocalHandlers, 'groupList' | 'groupCreate' | 'groupUpdate' | 'applicationList' | 'categoryList'> = {
  groupList: async (query, ctx) => {
    const { list } = await ctx.account().call(groupListCall, {});
    const wanted = query.group_name?.toLowerCase() ?? '';
    const matching = list.filter((group: Group) => group.name.toLowerCase().includes(wanted));
    const page = query.page ?? 1;
    const size = query.page_size ?? 10;
    return { list: pageOf(matching, page, size).map(adsGroup), page, page_size: size };
  },
  groupCreate: async ({ group_name }, ctx) => adsGroup((await ctx.account().call(groupCreateCall, { name: group_name })).group),
  groupUpdate: async ({ group_id, group_name }, ctx) => {
    const source = ctx.account();
    // The console's update replaces icon and sort as well: they stay as they are.
    const current = (await source.call(groupListCall, {})).list.find((group) => group.id === group_id);
    if (!current) throw new LocalApiFailure('group_not_found');
    await source.call(groupUpdateCall, { id: group_id, name: group_name, icon: current.icon, sort: current.sort });
    return undefined;
  },
  applicationList: async (query, ctx) => {
    const source = ctx.account();
    const page = query.page ?? 1;
    const size = query.page_size ?? 10;
    const { list } = await pageSlice((serverPage) => source.call(pluginListCall, { page: serverPage, limit: 100 }), page, size, 100);
    return { list: list.map(adsApplication), page, page_size: size };
  },
  categoryList: async (query, ctx) => {
    const source = ctx.account();
    const page = query.page ?? 1;
    const limit = query.limit ?? 10;
    const fetchPage = (serverPage: number) => source.call(pluginListCall, { page: serverPage, limit: 100 });
    if (query.category_id === undefined) {
      const { list, total } = await pageSlice(fetchPage, page, limit, 100);
      return { list: list.map(adsApplication), page, limit, total };
    }
    // One category by id: the team's plugins are read page by page until it is found or none are left.
    for (let serverPage = 1; ; serverPage += 1) {
      const { list, total } = await fetchPage(serverPage);
      const found = list.find((plugin) => plugin.id === query.category_id);
      if (found) return { list: page === 1 ? [adsApplication(found)] : [], page, limit, total: 1 };
      if (serverPage * 100 >= total || list.length === 0) return { list: [], page, limit, total: 0 };
    }
  },
};
