import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { sameSecret } from '../net/sameSecret.ts';

/** A launch link is good once, for this long: enough to open a window, too short to collect. */
const LAUNCH_TOKEN_MS = 2 * 60_000;


function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/**
 * Who may use the agent's console page, its config and its bridge: not whoever can reach
 * 127.0.0.1 (any process of any user on the machine can), but a browser that opened a launch
 * link. Links are minted for the app window the agent opens itself, and on request by whoever
 * holds the owner secret — a file only this user can read. Redeeming one gives the browser an
 * HttpOnly, SameSite=Strict cookie for this agent; the link is then spent.
 */
export class ConsoleAccess {
  private readonly launchTokens = new Map<string, number>();
  private readonly sessions = new Set<string>();

  constructor(
    private readonly ownerSecret: string,
    private readonly port: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Cookies do not keep to a port: the name does, so two agents (or users) never mix theirs. */
  get cookieName(): string {
    return `facet_console_${this.port()}`;
  }

  /** A one-time token for a launch link (`?launch=`). */
  mintLaunchToken(): string {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    for (const [old, expires] of this.launchTokens) if (expires <= now) this.launchTokens.delete(old);
    this.launchTokens.set(token, now + LAUNCH_TOKEN_MS);
    return token;
  }

  /** The app window's way in: this agent's page with a fresh launch token. */
  launchUrl(path = '/'): string {
    return `http://127.0.0.1:${this.port()}${path}?launch=${this.mintLaunchToken()}`;
  }

  /** Spends a launch token; the Set-Cookie value of the session it opens, or null. */
  redeem(token: string): string | null {
    const expires = this.launchTokens.get(token);
    this.launchTokens.delete(token);
    if (expires === undefined || expires <= this.now()) return null;
    const session = randomBytes(32).toString('base64url');
    this.sessions.add(session);
    return `${this.cookieName}=${session}; HttpOnly; SameSite=Strict; Path=/`;
  }

  isOwner(authorization: string | undefined): boolean {
    const bearer = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    return bearer !== undefined && sameSecret(bearer, this.ownerSecret);
  }

  /** Whether the request carries a session cookie this agent issued. */
  admits(req: IncomingMessage): boolean {
    const session = cookieValue(req.headers.cookie, this.cookieName);
    return session !== null && this.sessions.has(session);
  }
}
