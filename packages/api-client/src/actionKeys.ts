import { makeIdempotencyKey } from './nonce.ts';

/** As long as the server keeps an answer (IDEMPOTENCY_KEY_LIFETIME_SECONDS): after that a key guards nothing. */
const KEEP_MS = 24 * 3600_000;
/** Unanswered actions remembered at most; the oldest go first. */
const CAPACITY = 100;

/**
 * One Idempotency-Key per user action. A call gets a fresh key, unless the same call with the
 * same payload is still waiting for its answer or never got one: that is the same action made
 * again (a retry after a lost answer, a second click while the first is under way), so it
 * carries the same key and the server answers it with the first one's answer instead of doing
 * the work twice. Once an answer has come, the next call is a new action.
 */
export class ActionKeys {
  private readonly unanswered = new Map<string, { key: string; since: number }>();

  constructor(private readonly now: () => number) {}

  take(path: string, payload: unknown): { key: string; answered(): void } {
    const action = `${path}\n${JSON.stringify(payload ?? {})}`;
    const now = this.now();
    for (const [name, entry] of this.unanswered) {
      // Map order is insertion order: the oldest lead.
      if (now - entry.since < KEEP_MS && this.unanswered.size < CAPACITY) break;
      this.unanswered.delete(name);
    }
    let entry = this.unanswered.get(action);
    if (!entry) {
      entry = { key: makeIdempotencyKey(), since: now };
      this.unanswered.set(action, entry);
    }
    const taken = entry;
    return {
      key: taken.key,
      answered: () => {
        if (this.unanswered.get(action) === taken) this.unanswered.delete(action);
      },
    };
  }
}
