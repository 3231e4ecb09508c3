import type { ServerOptions } from 'socket.io';
import type { CounterStore } from '../guards/counterStore.ts';
import type { JobLock } from '../guards/jobLock.ts';
import type { SignatureStore } from '../guards/replayGuard.ts';

/**
 * What every server instance must see alike: the rate limiter's and the login throttle's
 * counts, the replay guard's signatures, the jobs' lock and the socket.io rooms. Idempotency
 * keys are not here: they stay in the database (guards/idempotency.ts says why).
 */
export interface SharedState {
  counters: CounterStore;
  signatures: SignatureStore;
  jobLock: JobLock;
  /** socket.io's adapter; null: rooms in this process (one instance). */
  pushAdapter: ServerOptions['adapter'] | null;
  /** For the start log, without secrets. */
  description: string;
  close(): Promise<void>;
}
