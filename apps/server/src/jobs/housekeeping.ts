import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services/container.ts';

/**
 * Removes expired sessions, captchas, codes, recycled profiles, replay-guard signatures, rate
 * counters and idempotency keys every ten minutes.
 *
 * Every server instance starts this timer; the job lock lets one instance do a run while the
 * others, if their timer fires meanwhile, skip theirs. Runs one after another on different
 * instances are harmless: each deletes what has expired by its own start, so a second finds
 * (almost) nothing left.
 */
export function startHousekeeping(services: Services, log: FastifyBaseLogger, everyMs = 10 * 60_000): { stop(): void; runOnce(): Promise<boolean> } {
  const body = async () => {
    const now = services.clock.now();
    await services.sessions.purgeExpired();
    await services.repositories.captchas.deleteExpired(now);
    // Keep a day of spent codes: the per-address daily send limit counts them.
    await services.repositories.codes.deleteExpired(now - 24 * 3600_000);
    // The recycle bin keeps a deleted profile for its retention time, then it is gone for good.
    await services.recycle.purgeExpired();
    // Spent signatures, counters and kept answers, a batch per statement: requests waiting on
    // the database go on between batches (every signed call leaves a signature). In Redis they
    // expire by themselves (their deleteExpired answers 0).
    const { seenSignatures, counters, idempotencyKeys } = services.repositories;
    for (const store of [seenSignatures, counters, idempotencyKeys]) await deleteInBatches((limit) => store.deleteExpired(now, limit));
  };
  /** True when this instance did the run, false when another instance was doing one. */
  const runOnce = () => services.jobLock.runAlone('housekeeping', body);
  const timer = setInterval(() => {
    runOnce().catch((error: unknown) => log.error({ err: error }, 'housekeeping failed'));
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer), runOnce };
}

async function deleteInBatches(deleteSome: (limit: number) => Promise<number>, batch = 5_000): Promise<void> {
  for (;;) if ((await deleteSome(batch)) < batch) return;
}
