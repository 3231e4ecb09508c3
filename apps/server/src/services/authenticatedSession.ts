import type { Account } from '../repositories/accounts.ts';
import type { SessionRow } from '../repositories/sessions.ts';

/** A session token that still stands, with the account it signs in (what the session cache keeps). */
export interface AuthenticatedSession {
  session: SessionRow;
  account: Account;
}

/** The acting account and its session as calls and routes hold them (they reach no repository). */
export type { Account, SessionRow };
