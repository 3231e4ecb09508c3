import { z } from 'zod';
import { limits } from '../limits.ts';
import { fingerprintOptionsSchema } from './fingerprintOptions.ts';
import { proxySchema, proxySummarySchema } from './proxy.ts';
import { accountRefSchema } from './accountRef.ts';
import { sharePermissionSchema } from './sharing.ts';
import { normaliseStartPage } from './startPage.ts';
import { cookieSchema, storedCookieSchema } from './cookieRule.ts';
import { validateKernelVersion, validateLanguageList, validateResolution, validateTimeZone } from './profileFieldRules.ts';
import { tagSchema } from './tags.ts';
import { profileLeaseSchema } from '../sync/syncState.ts';

export const operatingSystems = ['windows', 'macos', 'linux', 'android', 'ios'] as const;
export type OperatingSystem = (typeof operatingSystems)[number];

/** The Chromium major the agent ships with on Debian today; the kernel list grows with launch. */
export const DEFAULT_KERNEL_VERSION = '156';

/** The virtual group every account has: profiles that are in no group of theirs. */
export const UNGROUPED_ID = '0';

const required = (max: number) =>
  z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });

/** A field whose shared rule (profileFieldRules.ts) names the message key of its refusal. */
function ruled<T extends z.ZodType<string>>(base: T, rule: (value: string) => string | null) {
  return base.superRefine((value, ctx) => {
    const key = rule(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });
}

export { cookieSchema, storedCookieSchema, type Cookie } from './cookieRule.ts';

export const syncOptionsSchema = z
  .object({
    cookies: z.boolean().default(true),
    tabs: z.boolean().default(false),
    bookmarks: z.boolean().default(false),
    history: z.boolean().default(false),
    extensions: z.boolean().default(true),
    passwords: z.boolean().default(false),
  })
  .prefault({});
export type SyncOptions = z.output<typeof syncOptionsSchema>;

/**
 * What a user sets on a profile: the create and edit forms send this, and a batch create uses it
 * as the template. Required fields as spec §5 lists them.
 */
export const profileSettingsSchema = z.object({
  name: required(100),
  groupId: required(40),
  remark: z.string().max(1500, { error: 'validation.tooLong' }).default(''),
  os: z.enum(operatingSystems, { error: 'validation.required' }),
  userAgent: required(1024),
  /** Width x height within real screens (profileFieldRules.ts). */
  resolution: ruled(required(11), validateResolution),
  /** Accept-Language order of BCP 47 tags, e.g. "en-US,en". Empty: follow the proxy's exit IP. */
  language: ruled(z.string().max(200, { error: 'validation.tooLong' }).default(''), validateLanguageList),
  /** IANA zone, e.g. "Europe/Berlin". Empty: follow the proxy's exit IP. */
  timezone: ruled(z.string().trim().max(64, { error: 'validation.tooLong' }).default(''), validateTimeZone),
  /** '' opens the browser's own page; a bare host gains https:// (profiles/startPage.ts). */
  startPage: z
    .string()
    .max(2048)
    .default('')
    .refine((value) => normaliseStartPage(value) !== null, { message: 'validation.startPage' })
    .transform((value) => normaliseStartPage(value) ?? ''),
  /** A Chromium major of the known list (profileFieldRules.ts). */
  kernelVersion: ruled(required(20), validateKernelVersion),
  iconId: z.number().int().min(1).max(limits.browserIconCount).default(1),
  proxy: proxySchema.prefault({}),
  sync: syncOptionsSchema,
  fingerprint: fingerprintOptionsSchema.prefault({}),
  cookies: z.array(cookieSchema).max(limits.cookiesPerProfile).default([]),
});
export type ProfileSettings = z.output<typeof profileSettingsSchema>;
export type ProfileSettingsInput = z.input<typeof profileSettingsSchema>;

/**
 * The settings an update takes. Its cookies may be left out (the stored ones stay) or sent back
 * as they were read, older versions' cookies included: an edit form or a script saves what it
 * loaded. The server holds every cookie that is not one it stores to the cookie rule.
 */
export const profileUpdateSettingsSchema = profileSettingsSchema.extend({
  cookies: z.array(storedCookieSchema).max(limits.cookiesPerProfile).optional(),
});
export type ProfileUpdateSettings = z.output<typeof profileUpdateSettingsSchema>;

export { accountRefSchema, type AccountRef } from './accountRef.ts';

/** A profile as the owner (or someone it is shared with) opens it to edit or launch. */
export const profileSchema = profileSettingsSchema.extend({
  id: z.string(),
  /** Running number within the owner's account, for people who say "profile 42". */
  serial: z.number().int(),
  groupName: z.string(),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
  owner: accountRefSchema,
  /** Accounts the owner shared it with (the owner sees them; a recipient sees an empty list). */
  members: z.array(accountRefSchema),
  /** Who shared it with the acting account, when it is not theirs. */
  sharer: accountRefSchema.nullable(),
  /** What the acting account may do with it: null for the owner, else the share's permission. */
  permission: sharePermissionSchema.nullable(),
  /** As stored, older versions' cookies included: a start sets what the cookie rule lets through (cookieRule.ts). */
  cookies: z.array(storedCookieSchema).max(limits.cookiesPerProfile).default([]),
});
export type Profile = z.infer<typeof profileSchema>;

/** One row of the browser list: the fields people scan, no secrets. */
export const profileRowSchema = z.object({
  id: z.string(),
  serial: z.number().int(),
  name: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  remark: z.string(),
  os: z.enum(operatingSystems),
  iconId: z.number().int(),
  proxy: proxySummarySchema,
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
  memberCount: z.number().int(),
  sharer: accountRefSchema.nullable(),
  /** What the acting account may do with it: null for the owner, else the share's permission. */
  permission: sharePermissionSchema.nullable(),
  /** The owner's tags on it (empty in "shared with me": tags are the owner's own labels). */
  tags: z.array(tagSchema),
  /** The machine that has it open now (its lease), in the whole team: null when closed everywhere. */
  runningOn: profileLeaseSchema.nullable(),
});
export type ProfileRow = z.infer<typeof profileRowSchema>;

export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 1–23: one of the browser icons, drawn on a 40×40 canvas. */
  icon: z.number().int(),
  sort: z.number().int(),
  createdAt: z.number().int(),
  profileCount: z.number().int(),
});
export type Group = z.infer<typeof groupSchema>;

export const recycleItemSchema = z.object({
  id: z.string(),
  serial: z.number().int(),
  name: z.string(),
  groupName: z.string(),
  deletedAt: z.number().int(),
  /** When the purge job removes it for good. */
  purgeAt: z.number().int(),
});
export type RecycleItem = z.infer<typeof recycleItemSchema>;
