import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Code } from '../codes.ts';
import { limits } from '../limits.ts';
import { profileIdsField } from '../profiles/listing.ts';
import { DEFAULT_KERNEL_VERSION, profileSettingsSchema, storedCookieSchema } from '../profiles/profile.ts';

/** A profile as a file carries it: every setting, its group by name (group ids are one account's). */
export const exportedProfileSchema = profileSettingsSchema.omit({ groupId: true }).extend({
  groupName: z.string(),
  /** As stored (older versions' included); importing the file again checks them by the cookie rule. */
  cookies: z.array(storedCookieSchema).max(limits.cookiesPerProfile).default([]),
});
export type ExportedProfile = z.output<typeof exportedProfileSchema>;

/** The JSON export's envelope, so an import knows what it reads. */
export const PROFILE_FILE_FORMAT = 'facet-profiles';
export const profileFileSchema = z.object({ format: z.literal(PROFILE_FILE_FORMAT), version: z.literal(1), exportedAt: z.number().int(), profiles: z.array(z.unknown()) });

/**
 * One profile to import. What a spreadsheet typed by hand often leaves out is filled in: no user
 * agent or resolution gets a generated fingerprint for its system, and a group that does not
 * exist yet is made (in the same all-or-none step).
 */
export const importedProfileSchema = profileSettingsSchema.omit({ groupId: true, userAgent: true, resolution: true }).extend({
  groupName: z.string().trim().max(50, { message: 'validation.tooLong' }).default(''),
  userAgent: z.union([z.literal(''), profileSettingsSchema.shape.userAgent]).default(''),
  resolution: z.union([z.literal(''), profileSettingsSchema.shape.resolution]).default(''),
  kernelVersion: profileSettingsSchema.shape.kernelVersion.default(DEFAULT_KERNEL_VERSION),
});
export type ImportedProfileInput = z.input<typeof importedProfileSchema>;

export const profileExportCall = defineCall({
  path: 'browser/export',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'profiles',
  summary: 'Your profiles with every setting (fingerprint, proxy with credentials, cookies), to write to a file. All or none.',
  codes: [Code.NOT_FOUND],
  request: z.object({ ids: profileIdsField }),
  response: z.object({ profiles: z.array(exportedProfileSchema) }),
});

export const profileImportCall = defineCall({
  path: 'browser/import',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  summary:
    'Create profiles from a file, all or none: one bad profile refuses the lot (1001, its index in the issue path `profiles.N…`) and nothing is created. Missing groups are made; a profile without a user agent gets a generated fingerprint.',
  codes: [Code.PROFILE_LIMIT_REACHED, Code.PLAN_EXPIRED],
  request: z.object({ profiles: z.array(importedProfileSchema).min(1, { message: 'validation.selection.empty' }).max(limits.maxBatchCreate, { message: 'validation.batchCount' }) }),
  response: z.object({ ids: z.array(z.string()) }),
});
