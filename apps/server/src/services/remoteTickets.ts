import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { MasterKey } from '../security/masterKey.ts';

/** A viewer has this long from asking for a ticket to opening its socket. */
export const TICKET_LIFETIME_MS = 30_000;

export interface TicketBody {
  kind: 'remote-view';
  runId: string;
  profileId: string;
  accountId: string;
  sessionId: string;
  expiresAt: number;
  /** Spent at the socket's opening (the replay guard), so a ticket opens one socket; also the socket's viewer id. */
  nonce: string;
}

/**
 * Viewer tickets: sealed with the server's master key, so no one outside the server makes or
 * alters one, and bound to the run, the profile, the account and the console session that asked
 * (in the body and the associated data). Any instance opens them; the replay guard, shared
 * between instances, lets each open one socket.
 */
export class RemoteTickets {
  constructor(
    private readonly master: MasterKey,
    private readonly clock: Clock,
  ) {}

  issue(fields: Omit<TicketBody, 'kind' | 'expiresAt' | 'nonce'>): { ticket: string; expiresAt: number; nonce: string } {
    const body: TicketBody = { kind: 'remote-view', ...fields, expiresAt: this.clock.now() + TICKET_LIFETIME_MS, nonce: randomBytes(16).toString('base64url') };
    return { ticket: this.master.seal(['remote-ticket'], JSON.stringify(body)), expiresAt: body.expiresAt, nonce: body.nonce };
  }

  /** The ticket's body while it is good; null for anything else (altered, expired, not ours). */
  open(ticket: string): TicketBody | null {
    try {
      const body = JSON.parse(this.master.open(['remote-ticket'], ticket)) as Partial<TicketBody>;
      const fields = [body.runId, body.profileId, body.accountId, body.sessionId, body.nonce];
      if (body.kind !== 'remote-view' || fields.some((f) => typeof f !== 'string') || typeof body.expiresAt !== 'number') return null;
      return body.expiresAt > this.clock.now() ? (body as TicketBody) : null;
    } catch {
      return null;
    }
  }
}
