import { z } from 'zod';
import { defineCall, forApiToken } from '../call.ts';
import { Code } from '../codes.ts';
import { pageField, pageOf, pageSizeField } from '../profiles/listing.ts';

/**
 * The plugin centre (spec §1, §3, §5, §9): Chromium extensions a main account uploads for its
 * team. Every stored version is named by the SHA-256 of its zip; assignments pin a version, so
 * a profile loads exactly the bytes it was given until someone moves the pin on purpose.
 */
export const pluginLimits = {
  nameMax: 50,
  introductionMax: 500,
  publisherMax: 50,
} as const;

/** Where the upload goes: multipart, not a signed JSON call (see docs/api.md "Plugins"). */
export const PLUGIN_UPLOAD_PATH = '/v2/web/plugin/upload';
/** `GET <prefix><sha256>`: a version's zip, for the team that owns it. */
export const PLUGIN_BLOB_PREFIX = '/v2/plugins/blob/';

const idField = z.string().min(1).max(40);
/** A version's content hash as the blob route takes it. */
export const pluginSha256Field = z.string().regex(/^[0-9a-f]{64}$/, { message: 'validation.invalid' });

/** The text fields of an upload, parsed from the multipart form by the same rules as a call. */
export const pluginUploadFieldsSchema = z.object({
  /** Left out: a new plugin. Given: a new version of that plugin (its text and icon may stay). */
  pluginId: idField.optional(),
  name: z.string().trim().min(1, { message: 'validation.required' }).max(pluginLimits.nameMax, { message: 'validation.tooLong' }).optional(),
  introduction: z.string().trim().max(pluginLimits.introductionMax, { message: 'validation.tooLong' }).optional(),
  publisher: z.string().trim().max(pluginLimits.publisherMax, { message: 'validation.tooLong' }).optional(),
});
export type PluginUploadFields = z.output<typeof pluginUploadFieldsSchema>;

export const pluginVersionSchema = z.object({
  id: z.string(),
  pluginId: z.string(),
  /** From the extension's manifest.json. */
  version: z.string(),
  /** Hex SHA-256 of the zip exactly as uploaded and served. */
  sha256: z.string(),
  size: z.number().int(),
  createdAt: z.number().int(),
});
export type PluginVersion = z.infer<typeof pluginVersionSchema>;

export const pluginSchema = z.object({
  id: z.string(),
  name: z.string(),
  introduction: z.string(),
  publisher: z.string(),
  /** The re-encoded 128×128 PNG as a data URL (never the uploaded bytes). */
  icon: z.string(),
  latestVersion: pluginVersionSchema,
  versionCount: z.number().int(),
  /** The owner switched it off for every account and profile at once. */
  disabledEverywhere: z.boolean(),
  /** The acting account's own switch: on, every profile it owns loads `enabledVersionId`. */
  enabled: z.boolean(),
  enabledVersionId: z.string().nullable(),
  createdAt: z.number().int(),
});
export type Plugin = z.infer<typeof pluginSchema>;

/** One plugin a profile loads at its next start: the agent caches it by `sha256` and checks it. */
export const profilePluginSchema = z.object({
  pluginId: z.string(),
  versionId: z.string(),
  version: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  /** Path of the download on this server (session or API token in `Authorization: Bearer`). */
  url: z.string(),
});
export type ProfilePlugin = z.infer<typeof profilePluginSchema>;

/** The upload's answer. `created` false: these exact bytes were already a version of the plugin. */
export const pluginUploadResponseSchema = z.object({ plugin: pluginSchema, version: pluginVersionSchema, created: z.boolean() });
export type PluginUploadResponse = z.infer<typeof pluginUploadResponseSchema>;

export const pluginListCall = defineCall({
  path: 'plugin/list',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'plugins',
  summary: 'The team’s plugins (uploaded by the main account), newest first, with the acting account’s own switch.',
  request: z.object({ page: pageField, limit: pageSizeField }),
  response: pageOf(pluginSchema),
});

export const pluginVersionsCall = defineCall({
  path: 'plugin/versions',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'plugins',
  summary: 'Every stored version of a plugin, newest first.',
  codes: [Code.NOT_FOUND],
  request: z.object({ id: idField }),
  response: z.object({ list: z.array(pluginVersionSchema) }),
});

export const pluginUpdateCall = defineCall({
  path: 'plugin/update',
  method: 'post',
  access: 'session',
  tag: 'plugins',
  summary: 'Change a plugin’s name, introduction or publisher. Main accounts only.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.NOT_FOUND],
  request: z.object({
    id: idField,
    name: z.string().trim().min(1, { message: 'validation.required' }).max(pluginLimits.nameMax, { message: 'validation.tooLong' }),
    introduction: z.string().trim().max(pluginLimits.introductionMax, { message: 'validation.tooLong' }).default(''),
    publisher: z.string().trim().max(pluginLimits.publisherMax, { message: 'validation.tooLong' }).default(''),
  }),
  response: z.object({ plugin: pluginSchema }),
});

export const pluginRemoveCall = defineCall({
  path: 'plugin/remove',
  method: 'post',
  access: 'session',
  tag: 'plugins',
  summary: 'Remove a plugin with every version and assignment; profiles no longer load it from their next start. Main accounts only.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.NOT_FOUND],
  request: z.object({ id: idField }),
  response: z.object({ removedAssignments: z.number().int() }),
});

export const pluginEnableCall = defineCall({
  path: 'plugin/enable',
  method: 'post',
  access: 'session',
  tag: 'plugins',
  summary: 'Switch a plugin on or off for one account: on, every profile it owns loads the pinned version. The acting account by default; a main account may name one of its sub-accounts.',
  codes: [Code.NOT_FOUND, Code.MAIN_ACCOUNT_ONLY],
  request: z.object({
    id: idField,
    enabled: z.boolean(),
    /** Pinned when switching on; left out: the account's current pin, else the newest version. */
    versionId: idField.optional(),
    accountId: idField.optional(),
  }),
  response: z.object({ plugin: pluginSchema }),
});

export const pluginDisableEverywhereCall = defineCall({
  path: 'plugin/disable-everywhere',
  method: 'post',
  access: 'session',
  tag: 'plugins',
  summary: 'The owner’s switch for every account and profile at once: disabled, nothing loads it from the next start; assignments are kept for switching back. Main accounts only.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.NOT_FOUND],
  request: z.object({ id: idField, disabled: z.boolean().default(true) }),
  response: z.object({ plugin: pluginSchema }),
});

const assignmentTargets = {
  profileIds: z.array(idField).max(1000).default([]),
  groupIds: z.array(idField).max(200).default([]),
};

export const pluginAssignCall = defineCall({
  path: 'plugin/assign',
  method: 'post',
  access: 'session',
  tag: 'plugins',
  summary: 'Pin a version of a plugin to profiles and groups the acting account owns (a profile loads its own pin, else its group’s, else its account’s). Re-assigning moves the pin of those targets only.',
  codes: [Code.NOT_FOUND],
  request: z
    .object({ id: idField, versionId: idField, ...assignmentTargets })
    .refine((r) => r.profileIds.length + r.groupIds.length > 0, { message: 'validation.selection.empty', path: ['profileIds'] }),
  response: z.object({ assigned: z.number().int() }),
});

export const pluginUnassignCall = defineCall({
  path: 'plugin/unassign',
  method: 'post',
  access: 'session',
  tag: 'plugins',
  summary: 'Take a plugin off profiles and groups the acting account owns.',
  codes: [Code.NOT_FOUND],
  request: z
    .object({ id: idField, ...assignmentTargets })
    .refine((r) => r.profileIds.length + r.groupIds.length > 0, { message: 'validation.selection.empty', path: ['profileIds'] }),
  response: z.object({ unassigned: z.number().int() }),
});

export const pluginMoveVersionCall = defineCall({
  path: 'plugin/move-version',
  method: 'post',
  access: 'session',
  tag: 'plugins',
  summary: 'Move every pin of a plugin in the team (accounts, groups, profiles) to one version: the only way a new version reaches existing assignments. Main accounts only.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.NOT_FOUND],
  request: z.object({ id: idField, versionId: idField }),
  response: z.object({ moved: z.number().int() }),
});

export const profilePluginsCall = defineCall({
  path: 'profile/plugins',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'plugins',
  summary: 'Exactly the plugin versions a profile loads at its next start. A profile shared with the acting account loads none (shared profiles run no code of the owner’s on the recipient’s machine).',
  codes: [Code.NOT_FOUND],
  request: z.object({ profileId: idField }),
  response: z.object({ list: z.array(profilePluginSchema) }),
});

export const pluginWebCalls = [
  pluginListCall,
  pluginVersionsCall,
  pluginUpdateCall,
  pluginRemoveCall,
  pluginEnableCall,
  pluginDisableEverywhereCall,
  pluginAssignCall,
  pluginUnassignCall,
  pluginMoveVersionCall,
  profilePluginsCall,
] as const;

/** The desktop agent, holding an API token, asks what a profile loads before launching it. */
export const apiProfilePluginsCall = forApiToken(profilePluginsCall);
/** Scripts list the team's plugins (the local API's application/list) and pin one on a profile (a profile's category_id). */
export const apiPluginListCall = forApiToken(pluginListCall);
export const apiPluginAssignCall = forApiToken(pluginAssignCall);
