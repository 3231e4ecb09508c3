import type { SyncTransport } from '../../apps/agent/src/sync/syncTransport.ts';

type Call = keyof SyncTransport;

interface Counted {
  /** Sealed chunk bytes uploaded and downloaded (the chunks' framing and the JSON calls are left out). */
  sentBytes: number;
  receivedBytes: number;
  /** Requests and the time spent waiting on them, by call: where a save's time goes besides sealing. */
  calls: Record<Call, { requests: number; ms: number }>;
}

export interface CountingTransport extends SyncTransport {
  /** Since the last `reset`. */
  readonly counted: Counted;
  reset(): void;
}

/** The agent's transport to the server, counting what crosses it: the sync's own figures are checked against these, not taken on trust. */
export function countingTransport(inner: SyncTransport): CountingTransport {
  const fresh = (): Counted => ({ sentBytes: 0, receivedBytes: 0, calls: { missing: { requests: 0, ms: 0 }, put: { requests: 0, ms: 0 }, commit: { requests: 0, ms: 0 }, read: { requests: 0, ms: 0 }, refuse: { requests: 0, ms: 0 } } });
  const counted = fresh();
  const timed = async <T>(call: Call, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      counted.calls[call].requests++;
      counted.calls[call].ms += performance.now() - started;
    }
  };
  return {
    counted,
    reset: () => Object.assign(counted, fresh()),
    missing: (profileId, chunks) => timed('missing', () => inner.missing(profileId, chunks)),
    put: (profileId, chunks) => {
      counted.sentBytes += chunks.reduce((n, c) => n + c.bytes.length, 0);
      return timed('put', () => inner.put(profileId, chunks));
    },
    commit: (profileId, input) => timed('commit', () => inner.commit(profileId, input)),
    refuse: (profileId, versionId, reason) => timed('refuse', () => inner.refuse(profileId, versionId, reason)),
    read: async (profileId, ids) => {
      const got = await timed('read', () => inner.read(profileId, ids));
      for (const bytes of got.values()) counted.receivedBytes += bytes.length;
      return got;
    },
  };
}
