import { z } from 'zod';
import { defineCall, forApiToken } from '../call.ts';
import { Code } from '../codes.ts';
import { presentedPasswordField } from '../fields.ts';
import { limits } from '../limits.ts';
import { changedResponse, profileIdsField } from '../profiles/listing.ts';
import { shareMemberSchema, sharePermissionSchema } from '../profiles/sharing.ts';

/** Accounts named by username or e-mail, as people type them into the share dialog. */
const accountNames = z
  .array(z.string().trim().min(1).max(254))
  .min(1, { message: 'validation.share.empty' })
  .max(limits.maxAccountsPerShare, { message: 'validation.share.tooMany' });

const accountIds = z.array(z.string().min(1).max(40)).min(1, { message: 'validation.share.empty' }).max(limits.maxAccountsPerShare, { message: 'validation.share.tooMany' });

/** Run only unless the sharer chose more. */
const permissionField = sharePermissionSchema.default('run');

export const profileShareCall = defineCall({
  path: 'browser/share',
  method: 'post',
  access: 'session',
  tag: 'sharing',
  summary:
    'Share profiles with up to 100 named accounts, or with all your sub-accounts, with a permission (run, edit, full). Your own profiles (main accounts), or ones shared with you in full. Sharing again sets the permission.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.NOT_FOUND, Code.ACCOUNT_UNKNOWN, Code.CANNOT_TARGET_SELF, Code.NO_SUB_ACCOUNTS, Code.SHARED_ACCESS_TOO_LOW],
  request: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('accounts'), ids: profileIdsField, accounts: accountNames, permission: permissionField }),
    z.object({ mode: z.literal('subAccounts'), ids: profileIdsField, permission: permissionField }),
  ]),
  response: changedResponse.extend({ recipients: z.number().int() }),
});

export const shareMembersCall = defineCall({
  path: 'browser/share_members',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'sharing',
  summary: 'Who the given profiles are shared with, with each share\'s permission and sharer. Your own profiles, or ones shared with you in full.',
  codes: [Code.NOT_FOUND, Code.SHARED_ACCESS_TOO_LOW],
  request: z.object({ ids: profileIdsField }),
  response: z.object({ list: z.array(shareMemberSchema) }),
});

export const sharePermissionCall = defineCall({
  path: 'browser/share_permission',
  method: 'post',
  access: 'session',
  tag: 'sharing',
  summary: 'Change the permission of existing shares of the given profiles with the given accounts (by account id).',
  codes: [Code.NOT_FOUND, Code.SHARED_ACCESS_TOO_LOW],
  request: z.object({ ids: profileIdsField, accountIds, permission: sharePermissionSchema }),
  response: changedResponse,
});

export const profileUnshareCall = defineCall({
  path: 'browser/unshare',
  method: 'post',
  access: 'session',
  tag: 'sharing',
  summary: 'Stop sharing profiles with the given accounts (by account id): the owner revokes any share, a full recipient the ones they made.',
  codes: [Code.NOT_FOUND, Code.SHARED_ACCESS_TOO_LOW],
  request: z.object({ ids: profileIdsField, accountIds }),
  response: changedResponse,
});

export const profileTransferCall = defineCall({
  path: 'browser/transfer',
  method: 'post',
  access: 'session',
  tag: 'sharing',
  summary: 'Give your profiles to another account; they leave your groups and shares. It cannot be undone, so it asks for your password. Main accounts only.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.WRONG_PASSWORD, Code.NOT_FOUND, Code.ACCOUNT_UNKNOWN, Code.CANNOT_TARGET_SELF],
  request: z.object({ ids: profileIdsField, account: z.string().trim().min(1, { message: 'validation.required' }).max(254), passwd: presentedPasswordField }),
  response: changedResponse,
});

/** Scripts share with an API token as the console does (the local API's browser-profile/share). */
export const apiProfileShareCall = forApiToken(profileShareCall);
