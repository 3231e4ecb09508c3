import { Code, permits, widerPermission, type SharePermission } from '@facet/contracts';
import { AppError } from '../errors.ts';
import type { Account } from '../repositories/accounts.ts';
import { asPermission, type ProfileRecord, type ProfilesRepository } from '../repositories/profiles.ts';

/** How the acting account reaches one profile. */
export interface ProfileAccess {
  record: ProfileRecord;
  /** null: the actor owns it. Otherwise the wider of its direct share and its group grant. */
  permission: SharePermission | null;
  /** Who gave the access (the sharer, or the main account that granted the group); null for the owner. */
  sharedBy: string | null;
}

/**
 * The actor's access to each of `ids`: its own live profiles, then the ones shared with it or in
 * a group granted to it. All or none: one id it cannot reach refuses the lot as "not found", and
 * one it reaches with less than `need` refuses the lot as SHARED_ACCESS_TOO_LOW, so a caller
 * learns nothing about profiles it cannot see and nothing changes.
 */
export async function accessTo(repo: ProfilesRepository, actor: Account, ids: readonly string[], need: SharePermission): Promise<ProfileAccess[]> {
  const found = await reachOf(repo, actor.id, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new AppError(Code.NOT_FOUND, { ids: missing });
  // In request order, which is what single-profile callers index into.
  const reached = ids.map((id) => found.get(id)!);
  const short = reached.filter((a) => !permits(a.permission, need));
  if (short.length > 0) throw new AppError(Code.SHARED_ACCESS_TOO_LOW, { needed: need, ids: short.map((a) => a.record.id) });
  return reached;
}

/**
 * Which of `ids` the account reaches, and how; the ones it cannot reach are simply absent. For
 * callers that answer per profile (a lease beat), where `accessTo` refuses the lot.
 */
export async function reachOf(repo: ProfilesRepository, accountId: string, ids: readonly string[]): Promise<Map<string, ProfileAccess>> {
  const found = new Map<string, ProfileAccess>((await repo.findOwned(accountId, ids)).map((record) => [record.id, { record, permission: null, sharedBy: null }]));
  for (const row of await repo.findReachable(accountId, ids.filter((id) => !found.has(id)))) {
    const { share_permission, shared_by, group_permission, granted_by, ...record } = row;
    const direct = asPermission(share_permission);
    const permission = widerPermission(direct, asPermission(group_permission));
    if (permission) found.set(record.id, { record, permission, sharedBy: direct === permission ? shared_by : granted_by });
  }
  return found;
}
