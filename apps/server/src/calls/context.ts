import { Code, type Language } from '@facet/contracts';
import { AppError } from '../errors.ts';
import type { Account, SessionRow } from '../services/authenticatedSession.ts';

/** What a call handler knows about the request besides its payload. */
export interface CallContext {
  language: Language;
  ip: string;
  userAgent: string;
  /** Where browsers reach this server (the configured public URL, else the request's own). */
  origin: string;
  /** The acting account: set for `session` and `apiToken` calls, null for open ones. */
  account: Account | null;
  /** The console session: set for `session` calls only. */
  session: SessionRow | null;
}

/** The acting account of a call that the layer already authenticated. */
export function actingAccount(ctx: CallContext): Account {
  if (!ctx.account) throw new AppError(Code.SESSION_EXPIRED);
  return ctx.account;
}

export function actingSession(ctx: CallContext): SessionRow {
  if (!ctx.session) throw new AppError(Code.SESSION_EXPIRED);
  return ctx.session;
}
