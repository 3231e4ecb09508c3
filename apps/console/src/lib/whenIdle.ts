/**
 * Runs `work` once the browser is idle (at the latest after `timeoutMs`), so it does not compete
 * with what a page waits for to show. Returns a function that cancels it.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(work, 0);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(work, { timeout: timeoutMs });
  return () => cancelIdleCallback(handle);
}
