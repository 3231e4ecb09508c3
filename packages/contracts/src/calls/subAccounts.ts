import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Code } from '../codes.ts';
import { newPasswordField, presentedPasswordField, usernameField } from '../fields.ts';
import { groupGrantSchema } from '../profiles/sharing.ts';

/** A main account's sub-account as its list shows it (spec §3). */
export const subAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  /** The platform account this person works on (a shop, an ad account), free text. */
  platformAccount: z.string(),
  /** When the main account added it, ms since the epoch. */
  addedAt: z.number().int(),
  lastLoginAt: z.number().int().nullable(),
  /** Live profiles it owns: they go with it when it is deleted. */
  profileCount: z.number().int(),
  /**
   * The main account's groups it may reach, each with a permission ("authorized groups"), and
   * the group's name as it is now: the list reads right even before the console knows the group.
   */
  groupGrants: z.array(groupGrantSchema.extend({ groupName: z.string() })),
});
export type SubAccount = z.infer<typeof subAccountSchema>;

const nicknameField = z.string().trim().max(30, { message: 'validation.tooLong' }).default('');
const platformAccountField = z.string().trim().max(100, { message: 'validation.tooLong' }).default('');
/** Replaces the sub-account's authorized groups; one grant per group. */
const groupGrantsField = z
  .array(groupGrantSchema)
  .max(200)
  .refine((grants) => new Set(grants.map((g) => g.groupId)).size === grants.length, { message: 'validation.invalid' });

export const subAccountListCall = defineCall({
  path: 'subaccount/list',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'sub-accounts',
  summary: 'Your sub-accounts, oldest first. Main accounts only.',
  codes: [Code.MAIN_ACCOUNT_ONLY],
  request: z.object({}).strict(),
  response: z.object({ list: z.array(subAccountSchema) }),
});

export const subAccountCreateCall = defineCall({
  path: 'subaccount/create',
  method: 'post',
  access: 'session',
  tag: 'sub-accounts',
  summary: 'Add a sub-account that signs in with its own username and password. Main accounts only.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.USERNAME_TAKEN, Code.NOT_FOUND],
  request: z.object({ username: usernameField, password: newPasswordField, nickname: nicknameField, platformAccount: platformAccountField, groupGrants: groupGrantsField.default([]) }),
  response: z.object({ subAccount: subAccountSchema }),
});

export const subAccountUpdateCall = defineCall({
  path: 'subaccount/update',
  method: 'post',
  access: 'session',
  tag: 'sub-accounts',
  summary: 'Change a sub-account’s nickname, platform account, authorized groups or password (a new password ends its sessions). Main accounts only.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.NOT_FOUND],
  request: z.object({
    id: z.string().min(1).max(40),
    nickname: nicknameField,
    platformAccount: platformAccountField,
    /** Left out: the password stays. */
    password: newPasswordField.optional(),
    /** Left out: the authorized groups stay. */
    groupGrants: groupGrantsField.optional(),
  }),
  response: z.object({ subAccount: subAccountSchema }),
});

export const subAccountDeleteCall = defineCall({
  path: 'subaccount/delete',
  method: 'post',
  access: 'session',
  tag: 'sub-accounts',
  summary: 'Delete a sub-account and, in the same transaction, every profile it owns; cannot be undone. Re-confirmed with the main account’s password. Main accounts only.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.NOT_FOUND, Code.WRONG_CREDENTIALS],
  request: z.object({ id: z.string().min(1).max(40), passwd: presentedPasswordField }),
  response: z.object({ deletedProfiles: z.number().int() }),
});
