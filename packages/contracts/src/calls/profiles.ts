import { z } from 'zod';
import { defineCall, forApiToken } from '../call.ts';
import { Code } from '../codes.ts';
import { limits } from '../limits.ts';
import { changedResponse, listQuerySchema, pageOf, profileIdsField } from '../profiles/listing.ts';
import { cookieSchema, operatingSystems, profileRowSchema, profileSchema, profileSettingsSchema, profileUpdateSettingsSchema } from '../profiles/profile.ts';

export const profileListCall = defineCall({
  path: 'browser/list',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'profiles',
  summary: 'Your profiles, one page at a time, with search, group filter and sort.',
  request: listQuerySchema,
  response: pageOf(profileRowSchema),
});

export const sharedListCall = defineCall({
  path: 'browser/shared',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'profiles',
  summary: 'Profiles other accounts shared with you ("shared with me").',
  request: listQuerySchema,
  response: pageOf(profileRowSchema),
});

export const profileDetailCall = defineCall({
  path: 'browser/detail',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'profiles',
  summary: 'One profile with every setting, for the edit form. Shared with you to run only: without its proxy credentials and cookies.',
  codes: [Code.NOT_FOUND],
  request: z.object({ id: z.string().min(1).max(40) }),
  response: z.object({ profile: profileSchema }),
});

export const profileCreateCall = defineCall({
  path: 'browser/create',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  summary: 'Create one profile.',
  codes: [Code.NOT_FOUND],
  request: z.object({ settings: profileSettingsSchema }),
  response: z.object({ profile: profileSchema }),
});

export const profileUpdateCall = defineCall({
  path: 'browser/update',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  summary:
    "Replace the settings of one of your profiles, or of one shared with you to edit (its group stays the owner's). Cookies left out stay as stored; cookies sent back as read stay even where older versions stored one the cookie rule refuses; new ones must pass it.",
  codes: [Code.NOT_FOUND, Code.SHARED_ACCESS_TOO_LOW],
  request: z.object({ id: z.string().min(1).max(40), settings: profileUpdateSettingsSchema }),
  response: z.object({ profile: profileSchema }),
});

export const profileBatchCreateCall = defineCall({
  path: 'browser/batch_create',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  summary:
    'Create N profiles from one template, each with its own fingerprint, all or none. Progress is pushed as "profiles.batchProgress" with the requestId.',
  codes: [Code.PROXY_LINE_INVALID, Code.NOT_FOUND],
  request: z.object({
    /** Every profile's settings, but for the user agent and resolution each one gets its own. */
    template: profileSettingsSchema.omit({ userAgent: true, resolution: true }),
    count: z.number().int().min(1, { message: 'validation.batchCount' }).max(limits.maxBatchCreate, { message: 'validation.batchCount' }),
    /** One proxy per line, given to the profiles in turn; empty keeps the template's proxy. */
    proxies: z.string().max(200_000).default(''),
    /** The type of pasted lines that name no scheme (`IP:port:user:password`). */
    proxyType: z.enum(['http', 'https', 'socks5']).default('http'),
    /** Chosen by the client so it can match the pushed progress to this call. */
    requestId: z.string().max(64).default(''),
  }),
  response: z.object({ ids: z.array(z.string()) }),
});

export const profileMoveGroupCall = defineCall({
  path: 'browser/move_group',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  summary: 'Move your profiles into one of your groups (or "0", ungrouped).',
  codes: [Code.NOT_FOUND],
  request: z.object({ ids: profileIdsField, groupId: z.string().min(1).max(40) }),
  response: changedResponse,
});

export const profileRemarkCall = defineCall({
  path: 'browser/remark',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  summary: 'Set the remark of one or more of your profiles.',
  codes: [Code.NOT_FOUND],
  request: z.object({ ids: profileIdsField, remark: z.string().max(1500, { message: 'validation.tooLong' }) }),
  response: changedResponse,
});

export const profileDeleteCall = defineCall({
  path: 'browser/delete',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  summary: 'Move your profiles to the recycle bin.',
  codes: [Code.NOT_FOUND],
  request: z.object({ ids: profileIdsField }),
  response: changedResponse,
});

export const fingerprintGenerateCall = defineCall({
  path: 'browser/fingerprint',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'profiles',
  summary: 'A new realistic fingerprint for an operating system, to fill the profile form.',
  request: z.object({ os: z.enum(operatingSystems), kernelVersion: profileSettingsSchema.shape.kernelVersion.optional() }),
  response: z.object({
    suggestion: profileSettingsSchema.pick({ userAgent: true, resolution: true, kernelVersion: true, fingerprint: true }),
  }),
});

export const profileOpenedCall = defineCall({
  path: 'browser/opened',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  summary: 'Records that a browser of the profile (yours or shared with you) was opened: its last-used time.',
  codes: [Code.NOT_FOUND],
  request: z.object({ id: z.string().min(1).max(40) }),
  response: z.object({ lastUsedAt: z.number().int() }),
});

export const profileCookiesCall = defineCall({
  path: 'browser/cookies',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  summary:
    'Replaces the cookies of a profile: an import (yours, or shared with you to edit), or what its browser held when it stopped (the grant its launch handed out).',
  codes: [Code.NOT_FOUND, Code.SHARED_ACCESS_TOO_LOW],
  request: z.object({
    id: z.string().min(1).max(40),
    cookies: z.array(cookieSchema).max(limits.cookiesPerProfile),
    /** From `browser/launch`: lets whoever may only run the profile keep its signed-in state at stop. */
    grant: z.string().max(2000).optional(),
  }),
  response: z.object({ saved: z.number().int() }),
});

/** What the desktop agent and scripts reach with an API token: read, create and open profiles. */
export const apiProfileListCall = forApiToken(profileListCall);
export const apiSharedListCall = forApiToken(sharedListCall);
export const apiProfileDetailCall = forApiToken(profileDetailCall);
export const apiProfileCreateCall = forApiToken(profileCreateCall);
export const apiFingerprintGenerateCall = forApiToken(fingerprintGenerateCall);
export const apiProfileOpenedCall = forApiToken(profileOpenedCall);
export const apiProfileCookiesCall = forApiToken(profileCookiesCall);
export const apiProfileUpdateCall = forApiToken(profileUpdateCall);
export const apiProfileMoveGroupCall = forApiToken(profileMoveGroupCall);
export const apiProfileRemarkCall = forApiToken(profileRemarkCall);
export const apiProfileDeleteCall = forApiToken(profileDeleteCall);
export const apiProfileCalls = [
  apiProfileListCall,
  apiSharedListCall,
  apiProfileDetailCall,
  apiProfileCreateCall,
  apiProfileUpdateCall,
  apiProfileMoveGroupCall,
  apiProfileRemarkCall,
  apiProfileDeleteCall,
  apiFingerprintGenerateCall,
  apiProfileOpenedCall,
  apiProfileCookiesCall,
] as const;
