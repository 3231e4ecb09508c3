import fs from 'node:fs/promises';
import path from 'node:path';
import {
  fingerprintGenerateCall,
  profileCookiesCall,
  profileDetailCall,
  profileShareCall,
  profileUpdateSettingsSchema,
  profileUpdateCall,
  profileRefOf,
  type CacheType,
  type Cookie,
  type LocalRouteData,
  type ProfileRef,
} from '@facet/contracts';
import { CdpConnection } from '../../../browser/cdp/cdp.ts';
import { fromCdpCookies } from '../../../browser/cdp/cdpCookies.ts';
import { clearCaches, userDataDirInUse } from '../../../storage/cacheCleaner.ts';
import { clearProfileData } from '../../../storage/profileData.ts';
import type { LocalContext, LocalHandlers } from '../context.ts';
import { LocalApiFailure } from '../failures.ts';
import { adsCookies } from '../mapping/adsRows.ts';

/** What a profile holds (cookies, user agent, local data) and who else may use it. */

/** A running browser's cookies, read through the agent's own endpoint for it. */
async function liveCookies(endpoint: string): Promise<Cookie[]> {
  const connection = await CdpConnection.open(endpoint);
  try {
    return fromCdpCookies((await connection.send<{ cookies: Parameters<typeof fromCdpCookies>[0] }>('Storage.getCookies')).cookies);
  } finally {
    connection.close();
  }
}

/** Up to 10 profiles named by id and by number, in that order. */
async function profilesNamed(input: { profile_id?: string[] | undefined; profile_no?: number[] | undefined }, ctx: LocalContext): Promise<string[]> {
  const refs: ProfileRef[] = [...(input.profile_id ?? []).map((id) => ({ id })), ...(input.profile_no ?? []).map((serial) => ({ serial }))];
  return Promise.all(refs.map((ref) => ctx.profileId(ref)));
}

/** A new generated identity for the profile's OS and kernel; its name, proxy, cookies and the user's own options stay. */
async function renewFingerprint(id: string, ctx: LocalContext) {
  const source = ctx.account();
  const { profile } = await source.call(profileDetailCall, { id });
  const { suggestion } = await source.call(fingerprintGenerateCall, { os: profile.os, kernelVersion: profile.kernelVersion });
  const generated = suggestion.fingerprint;
  // Its cookies are left out, so they stay as stored (older versions' ones included).
  const settings = profileUpdateSettingsSchema.parse({
    ...profile,
    cookies: undefined,
    userAgent: suggestion.userAgent,
    resolution: suggestion.resolution,
    fingerprint: { ...profile.fingerprint, navigator: generated.navigator, webglMetadata: generated.webglMetadata, fonts: generated.fonts, mediaDevices: generated.mediaDevices, noiseSeed: generated.noiseSeed },
  });
  const { profile: updated } = await source.call(profileUpdateCall, { id, settings });
  return { profile_id: id, profile_no: String(updated.serial), ua: updated.userAgent };
}

/** Clears data of closed profiles only: a running browser holds its files and would write them back. */
async function clearClosed(ids: readonly string[], ctx: LocalContext, clear: (userDataDir: string) => Promise<number>): Promise<LocalRouteData<'deleteCacheV2'>> {
  if (!ctx.profilesDir) throw new LocalApiFailure('not_found', 404);
  const dirs = ids.map((id) => path.join(ctx.profilesDir!(), id));
  for (const [index, dir] of dirs.entries()) {
    if (ctx.running.isRunning(ids[index]!) || (await userDataDirInUse(dir))) throw new LocalApiFailure('browser_running', 200, { profile_id: ids[index] });
  }
  let freed = 0;
  for (const dir of dirs) freed += await clear(dir);
  return { cleared: dirs.length, freed_bytes: freed };
}

export const profileDataHandlers: Pick<LocalHandlers, 'cookies' | 'userAgents' | 'newFingerprint' | 'deleteCacheV1' | 'deleteCacheV2' | 'share'> = {
  cookies: async (query, ctx) => {
    const id = await ctx.profileId(profileRefOf(query)!);
    const status = ctx.running.status(id);
    // While it runs, its browser has the newer cookies; the server has what the last stop saved.
    const cookies = status?.state === 'running' && status.endpoint ? await liveCookies(status.endpoint) : (await ctx.account().call(profileDetailCall, { id })).profile.cookies;
    return { cookies: adsCookies(cookies) };
  },
  userAgents: async (body, ctx) => {
    const source = ctx.account();
    const ids = await profilesNamed(body, ctx);
    const profiles = await Promise.all(ids.map((id) => source.call(profileDetailCall, { id })));
    return { list: profiles.map(({ profile }) => ({ profile_id: profile.id, profile_no: String(profile.serial), ua: profile.userAgent })) };
  },
  newFingerprint: async (body, ctx) => {
    const ids = await profilesNamed(body, ctx);
    const list = [];
    for (const id of ids) list.push(await renewFingerprint(id, ctx));
    return { list };
  },
  deleteCacheV1: async (_input, ctx) => {
    if (!ctx.profilesDir) throw new LocalApiFailure('not_found', 404);
    // As AdsPower's: refused while any browser is open, rather than half done.
    const running = ctx.running.list().map((s) => s.profileId);
    if (running.length > 0) throw new LocalApiFailure('browser_running', 200, { profile_id: running[0] });
    const ids = (await fs.readdir(ctx.profilesDir(), { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory() && /^[\w-]{1,40}$/.test(e.name)).map((e) => e.name);
    return clearClosed(ids, ctx, clearCaches);
  },
  deleteCacheV2: async ({ profile_id, type }, ctx) => {
    const source = ctx.account();
    // Only profiles the account can reach; clearing the stored cookies too needs what a cookie
    // import needs (its own, or shared with it to edit), asked before anything is cleared.
    for (const id of profile_id) {
      const { profile } = await source.call(profileDetailCall, { id });
      if (type.includes('cookie') && profile.permission === 'run') throw new LocalApiFailure('shared_access_too_low', 200, { profile_id: id });
    }
    const cleared = await clearClosed(profile_id, ctx, (dir) => clearProfileData(dir, type as CacheType[]));
    // The stored cookies too: the next start would bring back what was just cleared.
    if (type.includes('cookie')) for (const id of profile_id) await source.call(profileCookiesCall, { id, cookies: [] });
    return cleared;
  },
  share: async ({ profile_id, receiver, share_type }, ctx) => {
    if (share_type === 2) throw new LocalApiFailure('share_type_unsupported');
    await ctx.account().call(profileShareCall, { mode: 'accounts', ids: profile_id, accounts: [receiver], permission: 'run' });
    return { group_name: '' };
  },
};
