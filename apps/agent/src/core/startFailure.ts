import type { StartFailureReason } from '@facet/contracts';
import { StartFailure, startFailureReason, type OpenElsewhere } from '../startFailure.ts';

/** The `starterror` push of a failed start: its reason, and where it is open for `openElsewhere`. */
export function startErrorPush(profileId: string, error: unknown): { profileId: string; reason: StartFailureReason; elsewhere?: OpenElsewhere } {
  const reason = startFailureReason(error);
  const elsewhere = error instanceof StartFailure ? error.elsewhere : null;
  return { profileId, reason, ...(elsewhere ? { elsewhere } : {}) };
}
