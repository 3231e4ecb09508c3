import { ApiError } from '@facet/api-client';
import { Code, type ProfileLease } from '@facet/contracts';

/** Renewed well within the server's two minutes, so a missed beat or two loses nothing. */
export const LEASE_RENEW_MS = 30_000;

/**
 * The running browser's heartbeat to the server: while it beats, no other machine may open the
 * profile. A beat refused because another machine holds the lease now (this one was offline past
 * the lapse) ends the beating and calls `onLost` with the holder; a beat that does not reach the
 * server is simply tried at the next one.
 */
export function keepLease(renew: () => Promise<number>, onLost: (holder: ProfileLease | null) => void, everyMs = LEASE_RENEW_MS) {
  let lost = false;
  const timer = setInterval(() => {
    renew().catch((error: unknown) => {
      if (error instanceof ApiError && error.code === Code.LEASE_NOT_HELD && !lost) {
        lost = true;
        clearInterval(timer);
        onLost(((error.data as { lease?: ProfileLease | null } | null)?.lease ?? null));
      }
    });
  }, everyMs);
  timer.unref();
  return {
    get lost() {
      return lost;
    },
    stop: () => clearInterval(timer),
  };
}
