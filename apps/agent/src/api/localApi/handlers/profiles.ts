import {
  fingerprintGenerateCall,
  operatingSystems,
  pluginAssignCall,
  pluginListCall,
  profileCreateCall,
  profileDeleteCall,
  profileDetailCall,
  profileListCall,
  profileMoveGroupCall,
  profileSettingsSchema,
  profileUpdateCall,
  type AdsProfileBody,
  type ListQuery,
  type OperatingSystem,
  type Profile,
  type ProfileRow,
  type ProfileSettingsInput,
} from '@facet/contracts';
import type { ProfileSource } from '../../../core/profileSource.ts';
import type { LocalContext, LocalHandlers } from '../context.ts';
import { LocalApiFailure } from '../failures.ts';
import { rowV1, rowV2 } from '../mapping/adsRows.ts';
import { applyAdsProfile, categoryOf, kernelVersionOf, osOfRandomUa, osOfUserAgent } from '../mapping/adsSettings.ts';
import { pageSlice } from '../pageSlice.ts';

/** Creating, changing, listing and deleting profiles by AdsPower's names, through the server as the account. */

/** The version of a team plugin a profile's category_id pins: the account's own pin, else the newest. */
async function pluginVersion(source: ProfileSource, pluginId: string): Promise<string> {
  for (let page = 1; ; page++) {
    const { list, total } = await source.call(pluginListCall, { page, limit: 100 });
    const plugin = list.find((p) => p.id === pluginId);
    if (plugin) return plugin.enabledVersionId ?? plugin.latestVersion.id;
    if (page * 100 >= total) throw new LocalApiFailure('plugin_not_found', 200, { category_id: pluginId });
  }
}

/** Creates a profile from AdsPower's fields on a generated, consistent fingerprint for the OS its user agent names. */
async function createAds(body: AdsProfileBody, ctx: LocalContext): Promise<Profile> {
  const source = ctx.account();
  const config = body.fingerprint_config ?? {};
  const os: OperatingSystem = (config.ua ? osOfUserAgent(config.ua) : null) ?? osOfRandomUa(config) ?? 'windows';
  const kernelVersion = kernelVersionOf(config);
  const category = categoryOf(body);
  const versionId = category ? await pluginVersion(source, category) : null;
  const { suggestion } = await source.call(fingerprintGenerateCall, { os, ...(kernelVersion ? { kernelVersion } : {}) });
  // AdsPower's name is optional; Facet's is not.
  const base = profileSettingsSchema.parse({ name: 'Profile', groupId: '0', os, ...suggestion });
  const { profile } = await source.call(profileCreateCall, { settings: applyAdsProfile(base, body) });
  if (category && versionId) await source.call(pluginAssignCall, { id: category, versionId, profileIds: [profile.id] });
  return profile;
}

/** Changes only what the script sent: the profile as the server has it, with AdsPower's fields applied. */
async function updateAds(id: string, body: AdsProfileBody, ctx: LocalContext): Promise<undefined> {
  const source = ctx.account();
  const { profile } = await source.call(profileDetailCall, { id });
  const category = categoryOf(body);
  const versionId = category ? await pluginVersion(source, category) : null;
  // Its stored cookies go back as they are: the server keeps those it stores even where an older
  // version stored one the cookie rule refuses, and holds new ones a script sends to the rule.
  const current = { ...profileSettingsSchema.parse({ ...profile, cookies: [] }), cookies: profile.cookies };
  await source.call(profileUpdateCall, { id, settings: applyAdsProfile(current, body) });
  if (category && versionId) await source.call(pluginAssignCall, { id: category, versionId, profileIds: [id] });
  return undefined;
}

/** Any page size a script asks for, over the server's pages of 20, 40, 60 or 100. */
function listPage(ctx: LocalContext, query: Partial<ListQuery>, page: number, size: number): Promise<{ list: ProfileRow[]; total: number }> {
  const source = ctx.account();
  return pageSlice((serverPage) => source.call(profileListCall, { ...query, page: serverPage, limit: 100 }), page, size, 100);
}

/** A page of the account's profiles as AdsPower's rows (v1's or v2's). */
async function adsPage<R>(ctx: LocalContext, query: Partial<ListQuery>, page: number, size: number, toRow: (row: ProfileRow) => R) {
  const { list } = await listPage(ctx, query, page, size);
  return { list: list.map(toRow), page, page_size: size };
}

const sortOf = { serial_number: 'serial', profile_no: 'serial', last_open_time: 'lastUsedAt', created_time: 'createdAt' } as const;

/** Facet's own create: its settings by its names; everything but the name comes from a generated, consistent fingerprint. */
async function createFacet(body: Record<string, unknown> & { name: string }, ctx: LocalContext): Promise<Profile> {
  const source = ctx.account();
  const given = body as Partial<ProfileSettingsInput> & { name: string };
  const os = operatingSystems.includes(given.os as OperatingSystem) ? given.os! : 'windows';
  const { suggestion } = await source.call(fingerprintGenerateCall, { os });
  const fingerprint = { ...suggestion.fingerprint, ...(given.fingerprint ?? {}) };
  const { profile } = await source.call(profileCreateCall, { settings: { groupId: '0', ...suggestion, ...given, os, fingerprint, name: given.name } });
  return profile;
}

export const profileHandlers: Pick<LocalHandlers, 'createV1' | 'createV2' | 'updateV1' | 'updateV2' | 'deleteV1' | 'deleteV2' | 'listV1' | 'listV2' | 'regroup' | 'facetList' | 'facetCreate'> = {
  createV1: async (body, ctx) => ({ id: (await createAds(body, ctx)).id }),
  createV2: async (body, ctx) => {
    const profile = await createAds(body, ctx);
    return { profile_id: profile.id, profile_no: String(profile.serial) };
  },
  updateV1: (body, ctx) => updateAds(body.user_id, body, ctx),
  updateV2: (body, ctx) => updateAds(body.profile_id, body, ctx),
  deleteV1: async ({ user_ids }, ctx) => {
    await ctx.account().call(profileDeleteCall, { ids: user_ids });
    return undefined;
  },
  deleteV2: async ({ profile_id }, ctx) => {
    await ctx.account().call(profileDeleteCall, { ids: profile_id });
    return undefined;
  },
  regroup: async ({ user_ids, group_id }, ctx) => {
    await ctx.account().call(profileMoveGroupCall, { ids: user_ids, groupId: group_id });
    return undefined;
  },
  listV1: (query, ctx) =>
    adsPage(
      ctx,
      {
        ...(query.group_id !== undefined ? { groupId: query.group_id } : {}),
        ...(query.user_id !== undefined ? { ids: [query.user_id] } : {}),
        ...(query.serial_number !== undefined ? { serials: [query.serial_number] } : {}),
        ...(query.user_sort ? { sort: sortOf[query.user_sort.field], order: query.user_sort.order } : {}),
      },
      query.page ?? 1,
      query.page_size ?? 50,
      rowV1,
    ),
  listV2: (body, ctx) =>
    adsPage(
      ctx,
      {
        ...(body.group_id !== undefined ? { groupId: body.group_id } : {}),
        ...(body.profile_id?.length ? { ids: body.profile_id } : {}),
        ...(body.profile_no?.length ? { serials: body.profile_no } : {}),
        ...(body.sort_type ? { sort: sortOf[body.sort_type] } : {}),
        ...(body.sort_order ? { order: body.sort_order } : {}),
      },
      body.page ?? 1,
      body.limit ?? 50,
      rowV2,
    ),
  facetList: async (query, ctx) => {
    const page = query.page ?? 1;
    const size = query.page_size ?? 20;
    const { list, total } = await listPage(ctx, { search: query.search ?? '', ...(query.group_id !== undefined ? { groupId: query.group_id } : {}) }, page, size);
    return { list, total, page, page_size: size };
  },
  facetCreate: async (body, ctx) => ({ id: (await createFacet(body, ctx)).id }),
};
