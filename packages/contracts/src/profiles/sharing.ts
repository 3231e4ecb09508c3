import { z } from 'zod';
import { accountRefSchema } from './accountRef.ts';

/**
 * What a recipient may do with a profile shared with them, chosen by the sharer. Each level
 * includes the one before it:
 * - `run`: open and close it, and its browser keeps the team's signed-in state; never sees its
 *   proxy credentials or cookies;
 * - `edit`: also change its settings, proxy and cookies;
 * - `full`: also share it onward and manage the accounts they shared it with.
 */
export const sharePermissions = ['run', 'edit', 'full'] as const;
export type SharePermission = (typeof sharePermissions)[number];
export const sharePermissionSchema = z.enum(sharePermissions);

/** True when `have` allows what `need` names; `null` is the owner, who may do everything. */
export function permits(have: SharePermission | null, need: SharePermission): boolean {
  return have === null || sharePermissions.indexOf(have) >= sharePermissions.indexOf(need);
}

/** The higher of two grants (a direct share and a group grant can both reach one profile). */
export function widerPermission(a: SharePermission | null | undefined, b: SharePermission | null | undefined): SharePermission | undefined {
  if (!a) return b ?? undefined;
  if (!b) return a;
  return sharePermissions.indexOf(a) >= sharePermissions.indexOf(b) ? a : b;
}

/** One account a profile is shared with, as its owner (or a full recipient) manages them. */
export const shareMemberSchema = z.object({
  profileId: z.string(),
  account: accountRefSchema,
  permission: sharePermissionSchema,
  sharedBy: accountRefSchema,
  createdAt: z.number().int(),
  /** The acting account may change or revoke this share (the owner: all; a full recipient: their own). */
  manageable: z.boolean(),
});
export type ShareMember = z.infer<typeof shareMemberSchema>;

/** A sub-account's access to one of its main account's groups (AdsPower's "authorized groups"). */
export const groupGrantSchema = z.object({ groupId: z.string().min(1).max(40), permission: sharePermissionSchema });
export type GroupGrant = z.infer<typeof groupGrantSchema>;
