import { z } from 'zod';
import { defineCall } from '../call.ts';
import { operatingSystems } from '../profiles/profile.ts';
import { normaliseStartPage } from '../profiles/startPage.ts';

/**
 * Global settings (spec §2 "global settings"): an account's defaults, kept on the server so they
 * follow the person to every console. New profiles start from them.
 */
export const accountSettingsSchema = z.object({
  /** Operating system a new profile's form starts with. */
  defaultOs: z.enum(operatingSystems).default('windows'),
  /** Start page a new profile's form starts with ('' = the browser's own). */
  defaultStartPage: z.string().trim().max(2048).default(''),
  /** Ask before signing out while browsers run (signing out closes them all). */
  confirmLogoutWithBrowsers: z.boolean().default(true),
  /** Open the plan page after sign-in when the plan ends within this many days (0: never). */
  planReminderDays: z.number().int().min(0).max(30).default(3),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const accountSettingsGetCall = defineCall({
  path: 'account/settings',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'account',
  summary: 'Your global settings (defaults for new profiles and console behaviour).',
  request: z.object({}).strict(),
  response: z.object({ settings: accountSettingsSchema }),
});

export const accountSettingsSetCall = defineCall({
  path: 'account/settings/save',
  method: 'post',
  access: 'session',
  tag: 'account',
  summary: 'Save your global settings; every field is given, as the settings page shows them.',
  request: z.object({
    // Checked where it is saved (stored settings are read leniently, so an old value never resets them).
    settings: accountSettingsSchema.extend({
      defaultStartPage: accountSettingsSchema.shape.defaultStartPage
        .refine((value) => normaliseStartPage(value) !== null, { message: 'validation.startPage' })
        .transform((value) => normaliseStartPage(value) ?? ''),
    }),
  }),
  response: z.object({ settings: accountSettingsSchema }),
});
