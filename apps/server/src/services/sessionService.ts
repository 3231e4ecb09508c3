import { Code, type SessionGrant } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { AccountsRepository } from '../repositories/accounts.ts';
import type { SessionsRepository } from '../repositories/sessions.ts';
import type { AuthenticatedSession } from './authenticatedSession.ts';
import type { PushHub } from '../realtime/pushHub.ts';
import type { SessionCache } from './sessionCache.ts';
import { hashToken, newId, newSecretToken } from '../security/tokens.ts';

export interface SessionLifetimes {
  sessionTtlSeconds: number;
  refreshTtlSeconds: number;
  keepRefreshTtlSeconds: number;
}

export interface SessionOrigin {
  keep: boolean;
  ip: string;
  userAgent: string;
  clientInfo?: unknown;
}

/**
 * Console sessions: an opaque short-lived token plus a refresh credential, both stored as
 * hashes. "Keep me signed in" lengthens the refresh credential's life.
 */
/** Two refreshes racing with one credential (two tabs) within this long are a race, not a copy. */
const REFRESH_RACE_GRACE_MS = 10_000;

export class SessionService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly accounts: AccountsRepository,
    private readonly push: PushHub,
    private readonly lifetimes: SessionLifetimes,
    private readonly clock: Clock,
    /** Null: every call asks the database (the operator CLI, which authenticates no one). */
    private readonly cache: SessionCache | null = null,
  ) {}

  async create(accountId: string, origin: SessionOrigin): Promise<SessionGrant> {
    const now = this.clock.now();
    const auth = newSecretToken('s_');
    const refresh = newSecretToken('r_');
    const expiresAt = now + this.lifetimes.sessionTtlSeconds * 1000;
    const refreshExpiresAt = now + this.refreshTtl(origin.keep) * 1000;
    await this.sessions.insert({
      id: newId('ses'),
      account_id: accountId,
      token_hash: hashToken(auth),
      refresh_hash: hashToken(refresh),
      expires_at: expiresAt,
      refresh_expires_at: refreshExpiresAt,
      keep: origin.keep ? 1 : 0,
      created_at: now,
      last_seen_at: now,
      ip: origin.ip.slice(0, 64),
      user_agent: origin.userAgent.slice(0, 512),
      client_info: JSON.stringify(origin.clientInfo ?? {}),
    });
    return { auth, refresh, expiresAt, refreshExpiresAt };
  }

  /** The session and account behind a token, or null when unknown, expired or disabled. */
  async authenticate(token: string): Promise<AuthenticatedSession | null> {
    if (!token) return null;
    const tokenHash = hashToken(token);
    const found = this.cache?.get(tokenHash) ?? (await this.lookUp(tokenHash));
    const now = this.clock.now();
    if (!found || found.session.expires_at <= now) return null;
    const { session, account } = found;
    if (account.status !== 'active') return null;
    // One write a minute at most, not one per call.
    if (now - session.last_seen_at > 60_000) {
      await this.sessions.touch(session.id, now);
      this.cache?.seen(tokenHash, now);
    }
    return { session, account };
  }

  private async lookUp(tokenHash: string): Promise<AuthenticatedSession | undefined> {
    const mark = this.cache?.markBeforeRead();
    const found = await this.sessions.findWithAccountByTokenHash(tokenHash);
    if (found && mark !== undefined) this.cache?.keep(tokenHash, found, mark);
    return found;
  }

  /** Trades a refresh credential for a new pair; the old pair stops working at once. */
  async refresh(refresh: string): Promise<SessionGrant> {
    const presented = hashToken(refresh);
    const session = await this.sessions.findByRefreshHash(presented);
    const now = this.clock.now();
    if (!session) {
      await this.endIfReused(presented, now);
      throw new AppError(Code.REFRESH_INVALID);
    }
    if (session.refresh_expires_at <= now) throw new AppError(Code.REFRESH_INVALID);
    const account = await this.accounts.findById(session.account_id);
    if (!account) throw new AppError(Code.REFRESH_INVALID);
    if (account.status !== 'active') throw new AppError(Code.ACCOUNT_DISABLED);
    const auth = newSecretToken('s_');
    const nextRefresh = newSecretToken('r_');
    const grant: SessionGrant = {
      auth,
      refresh: nextRefresh,
      expiresAt: now + this.lifetimes.sessionTtlSeconds * 1000,
      refreshExpiresAt: now + this.refreshTtl(session.keep === 1) * 1000,
    };
    const rotated = await this.sessions.rotate(session.id, presented, {
      token_hash: hashToken(auth),
      refresh_hash: hashToken(nextRefresh),
      expires_at: grant.expiresAt,
      refresh_expires_at: grant.refreshExpiresAt,
      last_seen_at: now,
    }, now);
    if (!rotated) throw new AppError(Code.REFRESH_INVALID);
    return grant;
  }

  /**
   * A spent refresh credential presented again: someone holds a copy. The session it was spent
   * for ends, with the successor it was exchanged for, so the copy's holder and the owner both
   * sign in again (the owner can; the copy cannot). Two tabs refreshing at the same moment are
   * not theft: within a few seconds of the exchange the loser is only refused.
   */
  private async endIfReused(presentedHash: string, now: number): Promise<void> {
    const spent = await this.sessions.findSpent(presentedHash);
    if (!spent || now - spent.spent_at < REFRESH_RACE_GRACE_MS) return;
    const session = await this.sessions.findById(spent.session_id);
    if (session) await this.end(session.account_id, session.id);
  }

  async end(accountId: string, sessionId: string): Promise<void> {
    await this.sessions.deleteForAccount(accountId, sessionId);
    await this.push.closeSession(sessionId);
  }

  /** Ends every session of the account and pushes 887 to its open consoles. */
  async endAll(accountId: string): Promise<number> {
    const ended = await this.sessions.deleteAllForAccount(accountId);
    await this.push.forceLogout(accountId);
    return ended.length;
  }

  async purgeExpired(): Promise<number> {
    // A spent credential is worth remembering as long as it would otherwise still be good.
    await this.sessions.deleteSpentBefore(this.clock.now() - this.lifetimes.keepRefreshTtlSeconds * 1000);
    return this.sessions.deleteExpired(this.clock.now());
  }

  private refreshTtl(keep: boolean): number {
    return keep ? this.lifetimes.keepRefreshTtlSeconds : this.lifetimes.refreshTtlSeconds;
  }
}
