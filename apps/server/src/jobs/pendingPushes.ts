import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services/container.ts';

/** How often an instance looks for pushes an operator command left: a paid order shows within about this. */
const PENDING_PUSH_POLL_MS = 1_000;

/**
 * Delivers the pushes an operator command wrote (realtime/pushHub.ts `deferred`): every instance
 * takes a few at a time off the table (each push goes to exactly one of them) and pushes them to
 * the account's sockets on every instance. One small statement a second on an empty table.
 */
export function startPendingPushes(services: Services, log: FastifyBaseLogger, everyMs = PENDING_PUSH_POLL_MS): { stop(): void; drain(): Promise<number> } {
  let draining: Promise<number> | null = null;
  const drain = () =>
    (draining ??= (async () => {
      let delivered = 0;
      for (;;) {
        const batch = await services.repositories.pendingPushes.take(100);
        for (const push of batch) {
          if (push.kind === 'logout') await services.push.forceLogout(push.account_id);
          else await services.push.pushToAccount(push.account_id, push.code, push.data === null ? undefined : JSON.parse(push.data));
        }
        delivered += batch.length;
        if (batch.length < 100) return delivered;
      }
    })().finally(() => {
      draining = null;
    }));
  const timer = setInterval(() => {
    drain().catch((error: unknown) => log.error({ err: error }, 'pending pushes not delivered'));
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer), drain };
}
