import { ApiError } from '@facet/api-client';
import { Code, limits, type LeaseBeat, type LeaseEndReason, type ProfileLease } from '@facet/contracts';

/**
 * How often the machine tells the server which profiles it runs. Short, so a revoked share or an
 * ended plan closes the browser within seconds; one call carries every running profile, so the
 * cost is one small request per machine, not one per browser.
 */
const LEASE_BEAT_MS = 5_000;

/** Why a running browser must close: the server's reasons, or this machine's sign-in gone for good. */
export type AccessEndReason = LeaseEndReason | 'signedOut';

/** What a running profile hears from the beat; each at most once, and then it beats no more. */
export interface LeaseWatch {
  /** The holder may no longer run it: close, save for the owner while the lease lasts, give it back. */
  ended(reason: AccessEndReason): void;
  /** Another machine holds it (this one was offline past the lapse): keep what is here. */
  lost(holder: ProfileLease | null): void;
}

export interface LeaseHold {
  /** Whether the lease is another machine's now (nothing left to save or give back). */
  readonly lost: boolean;
  stop(): void;
}

/** Answers that the sign-in the agent beats with will never work again (not a passing failure). */
const signInGone = new Set<number>([Code.API_TOKEN_INVALID, Code.FORCED_LOGOUT, Code.ACCOUNT_DISABLED]);

/**
 * The heartbeat of every profile this machine runs, in one call every LEASE_BEAT_MS, as the account
 * signed in now (`beat`: null while none is). A beat that does not reach the server is tried at
 * the next one: the server keeps a lease two minutes without one.
 */
export class LeaseBeats {
  private readonly held = new Map<string, { watch: LeaseWatch; lost: boolean }>();
  private timer: NodeJS.Timeout | null = null;
  private beating = false;

  constructor(
    private readonly beat: () => ((ids: string[]) => Promise<LeaseBeat[]>) | null,
    private readonly log: (line: string) => void,
    private readonly everyMs = LEASE_BEAT_MS,
  ) {}

  hold(profileId: string, watch: LeaseWatch): LeaseHold {
    const entry = { watch, lost: false };
    this.held.set(profileId, entry);
    this.timer ??= setInterval(() => void this.beatOnce(), this.everyMs);
    this.timer.unref();
    return {
      get lost() {
        return entry.lost;
      },
      stop: () => this.drop(profileId, entry),
    };
  }

  /** One beat for every held profile (several calls past the per-call limit); exported for tests. */
  async beatOnce(): Promise<void> {
    const beat = this.beat();
    if (this.beating || !beat || this.held.size === 0) return;
    this.beating = true;
    try {
      const ids = [...this.held.keys()];
      for (let i = 0; i < ids.length; i += limits.leaseBeatProfiles) {
        for (const answer of await beat(ids.slice(i, i + limits.leaseBeatProfiles))) this.settle(answer);
      }
    } catch (error) {
      if (error instanceof ApiError && signInGone.has(error.code)) {
        this.log(`the sign-in this computer runs profiles with has ended (${error.code}): closing them`);
        for (const [id, entry] of [...this.held]) {
          this.drop(id, entry);
          entry.watch.ended('signedOut');
        }
      }
      // Anything else (offline, a server restarting): the next beat.
    } finally {
      this.beating = false;
    }
  }

  private settle(answer: LeaseBeat): void {
    const entry = this.held.get(answer.id);
    if (!entry || answer.state === 'held') return;
    this.drop(answer.id, entry);
    if (answer.state === 'ended') return entry.watch.ended(answer.reason ?? 'accessEnded');
    entry.lost = true;
    entry.watch.lost(answer.holder);
  }

  private drop(profileId: string, entry: { watch: LeaseWatch }): void {
    if (this.held.get(profileId) !== entry) return;
    this.held.delete(profileId);
    if (this.held.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  close(): void {
    this.held.clear();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
