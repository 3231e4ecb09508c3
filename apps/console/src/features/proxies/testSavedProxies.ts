import { savedProxyCheckedCall, savedProxyDetailCall, savedProxyListCall, type SavedProxy } from '@facet/contracts';
import { BridgeCallError, type BridgeClient } from '../../lib/bridge.ts';
import type { Runtime } from '../../lib/runtime.ts';

/** Every saved proxy of the account, page by page (at most 1,000 are kept). */
export async function allSavedProxies(api: Runtime['api']): Promise<SavedProxy[]> {
  const all: SavedProxy[] = [];
  for (let page = 1; ; page++) {
    const { list, total } = await api.call(savedProxyListCall, { page, limit: 100 });
    all.push(...list);
    if (list.length === 0 || all.length >= total) return all;
  }
}

/**
 * Proxies tested at once. One at a time, every proxy that does not answer holds the rest up for
 * its whole timeout; a few at a time keeps the latency each one shows near what a lone start
 * sees, and does not look like a flood to the provider.
 */
const PARALLEL_TESTS = 4;

/**
 * Tests each proxy from this machine through the agent (the hop a launch uses), a few at a time,
 * and keeps each outcome on the server. `onProgress` hears after each one.
 */
export async function testSavedProxies(api: Runtime['api'], bridge: BridgeClient, proxies: readonly SavedProxy[], onProgress: (done: number) => void, stopped: () => boolean): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (!stopped() && next < proxies.length) {
      const saved = proxies[next++]!;
      const { proxy } = await api.call(savedProxyDetailCall, { id: saved.id });
      let outcome: { exitIp: string | null; exitCountry: string | null; latencyMs: number | null; error: string | null };
      try {
        const result = await bridge.request('testProxy', { proxy });
        outcome = { exitIp: result.ip, exitCountry: result.country ?? null, latencyMs: result.latencyMs, error: null };
      } catch (error) {
        outcome = { exitIp: null, exitCountry: null, latencyMs: null, error: (error instanceof BridgeCallError && error.msg ? error.msg : String(error)).slice(0, 200) };
      }
      await api.call(savedProxyCheckedCall, { id: saved.id, ...outcome });
      onProgress(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_TESTS, proxies.length) }, worker));
}
