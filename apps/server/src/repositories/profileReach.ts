import type { ExpressionBuilder } from 'kysely';
import type { Database, ProfilesTable } from '../db/schema.ts';

/**
 * Profile `p` reaches `accountId` without being its own: shared with it, or in a group granted
 * to it. Each side is an index lookup (shares by account, profiles by group), not a scan of
 * profiles. services/profileAccess.ts takes the wider of the two grants.
 */
export function sharedOrGranted(eb: ExpressionBuilder<Database & { p: ProfilesTable }, 'p'>, accountId: string) {
  return eb.or([
    eb('p.id', 'in', eb.selectFrom('profile_shares').select('profile_id').where('account_id', '=', accountId)),
    eb('p.group_id', 'in', eb.selectFrom('group_grants').select('group_id').where('account_id', '=', accountId)),
  ]);
}
