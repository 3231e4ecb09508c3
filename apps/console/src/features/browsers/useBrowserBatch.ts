import { BridgeError, browserBatchListSchema, browserBatchSchema, startErrorPushSchema, type BrowserBatch } from '@facet/contracts';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { BridgeCallError } from '../../lib/bridge.ts';
import type { OpenElsewhere } from './startErrorText.ts';

export interface BrowserBatchControl {
  /** The batch the dialog shows; null when none. */
  batch: BrowserBatch | null;
  /** Hidden while it runs; it shows again when it ends. */
  hidden: boolean;
  begin: (action: BrowserBatch['action'], profileIds: string[], headless?: boolean) => Promise<void>;
  cancel: () => Promise<void>;
  /** Hides a running batch (the agent carries on), or forgets a finished one. */
  dismiss: () => void;
  /** Where a profile that failed with `openElsewhere` is open, as its `starterror` push said. */
  elsewhereOf: (profileId: string) => OpenElsewhere | undefined;
}

/**
 * What the dialog shows after `next` came: the newer state of the same batch; another batch
 * only while it runs, and only in place of none or a finished one.
 */
function shown(current: BrowserBatch | null, next: BrowserBatch): BrowserBatch | null {
  if (current?.batchId === next.batchId) return next.seq >= current.seq ? next : current;
  if ((!current || current.finished) && !next.finished) return next;
  return current;
}

/** States pushed for batches of other consoles (or before our own answer came) kept at most this many. */
const REMEMBERED = 20;

/**
 * Opening or closing the selected profiles all at once. The agent runs the batch (a few at a
 * time) and pushes its progress; this keeps the newest state of it for the dialog. A console
 * opened or reloaded while a batch runs picks it up from the agent.
 */
export function useBrowserBatch(): BrowserBatchControl {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { message } = App.useApp();
  const { bridge, events } = runtime;
  const [batch, setBatch] = useState<BrowserBatch | null>(null);
  const [hidden, setHidden] = useState(false);
  // The newest state pushed for each batch: a short batch may end before its `startBrowsers`
  // answer arrives, and the answer must not bring back its first state.
  const pushed = useRef(new Map<string, BrowserBatch>());
  // The result of a batch names only the reason; its `starterror` push, sent just before, names
  // the computer a profile is open on.
  const [elsewhere, setElsewhere] = useState(() => new Map<string, OpenElsewhere>());

  useEffect(() => {
    if (!bridge) return;
    let live = true;
    const load = () =>
      bridge
        .request('browserBatches')
        .then((value) => {
          const running = browserBatchListSchema.safeParse(value);
          const first = running.success ? running.data[0] : undefined;
          if (live && first) setBatch((current) => shown(current, first));
        })
        .catch(() => undefined);
    void load();
    const offs = [
      events.on('bridgeStatus', (connected) => connected && void load()),
      events.on('bridgePush', (push) => {
        if (push.push === 'starterror') {
          const failure = startErrorPushSchema.safeParse(push.parameter);
          const where = failure.data?.elsewhere;
          if (failure.success && where) setElsewhere((current) => new Map(current).set(failure.data.profileId, { device: where.device, by: where.by }));
          return;
        }
        if (push.push !== 'batch') return;
        const next = browserBatchSchema.safeParse(push.parameter);
        if (!next.success) return;
        const remembered = pushed.current;
        remembered.delete(next.data.batchId);
        remembered.set(next.data.batchId, next.data);
        if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value!);
        setBatch((current) => shown(current, next.data));
        // A hidden batch shows its end: what failed needs reading.
        if (next.data.finished) setHidden(false);
      }),
    ];
    return () => {
      live = false;
      for (const off of offs) off();
    };
  }, [bridge, events]);

  const begin = useCallback(
    async (action: BrowserBatch['action'], profileIds: string[], headless?: boolean) => {
      if (!bridge || profileIds.length === 0) return;
      try {
        // Starts launch as the signed-in user, as one click's do.
        if (action === 'start') await runtime.shareSession();
        const answer = await bridge.request(action === 'start' ? 'startBrowsers' : 'stopBrowsers', action === 'start' ? { profileIds, headless } : { profileIds });
        const latest = pushed.current.get(answer.batchId);
        setHidden(false);
        // The batch just begun replaces whatever the dialog showed, in its newest state.
        setBatch(latest && latest.seq > answer.seq ? latest : answer);
      } catch (error) {
        message.error(error instanceof BridgeCallError && error.msg ? error.msg : t('error.operationFailed'));
      }
    },
    [bridge, runtime, message, t],
  );

  const cancel = useCallback(async () => {
    if (!bridge || !batch) return;
    try {
      const state = await bridge.request('cancelBatch', { batchId: batch.batchId });
      setBatch((current) => shown(current, state));
    } catch (error) {
      // Ended meanwhile: its last push says how.
      if (error instanceof BridgeCallError && error.error === BridgeError.NOT_FOUND) return;
      message.error(error instanceof BridgeCallError && error.msg ? error.msg : t('error.operationFailed'));
    }
  }, [bridge, batch, message, t]);

  const dismiss = useCallback(() => {
    if (batch && !batch.finished) setHidden(true);
    else setBatch(null);
  }, [batch]);

  const elsewhereOf = useCallback((profileId: string) => elsewhere.get(profileId), [elsewhere]);

  return { batch, hidden, begin, cancel, dismiss, elsewhereOf };
}
