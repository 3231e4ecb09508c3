import { Code } from '@facet/contracts';
import { AppError } from '../errors.ts';
import type { Account } from '../repositories/accounts.ts';

/**
 * Main-account-only actions (spec §6): managing sub-accounts, sharing with named accounts or
 * all sub-accounts, transfer, the API token. Checked by role before anything else, so it says
 * nothing about the ids or names a sub-account sent.
 */
export function assertMain(actor: Account): void {
  if (actor.type !== 'main') throw new AppError(Code.MAIN_ACCOUNT_ONLY);
}

/**
 * The team an account works in: a main account is its own team, a sub-account works in its
 * main account's (the plugin centre's plugins and the operation log are the team's).
 */
export function teamIdOf(actor: Account): string {
  return actor.type === 'sub' && actor.parent_id ? actor.parent_id : actor.id;
}
