import { browserStatePushSchema, startErrorPushSchema, type BridgePush, type StartFailureReason } from '@facet/contracts';
import type { OpenElsewhere } from './startErrorText.ts';

/** Why a profile's last start failed, kept on its row until it starts or the person dismisses it. */
export interface StartFailureNote {
  reason: StartFailureReason;
  /** With `openElsewhere`: where, as the `starterror` push said. */
  elsewhere?: OpenElsewhere;
  /** The agent's own words, for a failed call no `starterror` push explained. */
  message?: string;
}

export type StartFailureMap = ReadonlyMap<string, StartFailureNote>;

/**
 * The failures after a bridge push: a `starterror` notes (or replaces) the profile's failure,
 * its `start` in state running clears it. Any other push leaves the same map, so nothing redraws.
 */
export function afterPush(current: StartFailureMap, push: BridgePush): StartFailureMap {
  if (push.push === 'starterror') {
    const failure = startErrorPushSchema.safeParse(push.parameter);
    if (!failure.success) return current;
    const { profileId, reason, elsewhere } = failure.data;
    return new Map(current).set(profileId, elsewhere ? { reason, elsewhere: { device: elsewhere.device, by: elsewhere.by } } : { reason });
  }
  if (push.push === 'start') {
    const change = browserStatePushSchema.safeParse(push.parameter);
    if (!change.success || change.data.state !== 'running' || !current.has(change.data.profileId)) return current;
    const next = new Map(current);
    next.delete(change.data.profileId);
    return next;
  }
  return current;
}

/**
 * A start call that failed without a `starterror` push (the bridge dropped, the session could
 * not be handed over): the agent's text when it gave one, else the general reason.
 */
export function noteOfCallError(message: string | null): StartFailureNote {
  return message ? { reason: 'failed', message } : { reason: 'failed' };
}

