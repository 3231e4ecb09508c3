import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services/container.ts';

/** Removes expired sessions, captchas, codes and recycled profiles every ten minutes. */
export function startHousekeeping(services: Services, log: FastifyBaseLogger, everyMs = 10 * 60_000): { stop(): void; runOnce(): Promise<void> } {
  const runOnce = async () => {
    const now = services.clock.now();
    await services.sessions.purgeExpired();
    await services.repositories.captchas.deleteExpired(now);
    // Keep a day of spent codes: the per-address daily send limit counts them.
    await services.repositories.codes.deleteExpired(now - 24 * 3600_000);
    // The recycle bin keeps a deleted profile for its retention time, then it is gone for good.
    await services.recycle.purgeExpired();
  };
  const timer = setInterval(() => {
    runOnce().catch((error: unknown) => log.error({ err: error }, 'housekeeping failed'));
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer), runOnce };
}
