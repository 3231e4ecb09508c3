import { useSyncExternalStore } from 'react';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import type { RuntimeEvents } from '../../lib/runtime.ts';
import type { EventHub } from '../../lib/events.ts';
import { afterPush, type StartFailureMap, type StartFailureNote } from './startFailures.ts';

/**
 * Failed starts by profile id, for the whole page rather than one list: a failure noted on the
 * browser list still shows after a visit to "Shared with me" and back, and a row scrolled out of
 * a page does not miss its push. One per runtime; it listens for as long as the page lives.
 */
class StartFailureStore {
  private failures: StartFailureMap = new Map();
  private readonly listeners = new Set<() => void>();

  constructor(events: EventHub<RuntimeEvents>) {
    events.on('bridgePush', (push) => this.replace(afterPush(this.failures, push)));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get(profileId: string): StartFailureNote | undefined {
    return this.failures.get(profileId);
  }

  note(profileId: string, failure: StartFailureNote): void {
    this.replace(new Map(this.failures).set(profileId, failure));
  }

  dismiss(profileId: string): void {
    if (!this.failures.has(profileId)) return;
    const next = new Map(this.failures);
    next.delete(profileId);
    this.replace(next);
  }

  private replace(next: StartFailureMap): void {
    if (next === this.failures) return;
    this.failures = next;
    for (const listener of this.listeners) listener();
  }
}

const stores = new WeakMap<EventHub<RuntimeEvents>, StartFailureStore>();

/** The page's store of failed starts (made on first use). */
export function useStartFailures(): StartFailureStore {
  const { events } = useRuntime();
  let store = stores.get(events);
  if (!store) {
    store = new StartFailureStore(events);
    stores.set(events, store);
  }
  return store;
}

/** Why this profile's last start failed; undefined when it did not, or once it started or was dismissed. */
export function useStartFailure(profileId: string): StartFailureNote | undefined {
  const store = useStartFailures();
  return useSyncExternalStore(store.subscribe, () => store.get(profileId));
}
