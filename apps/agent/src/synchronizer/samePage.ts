/**
 * Whether two addresses are the same page for the synchronizer: the same origin and path. The
 * query and the fragment may differ (a follower's own session id, a scroll anchor) without
 * putting a follower out of step.
 */
export function samePage(a: string, b: string): boolean {
  const left = pageOf(a);
  const right = pageOf(b);
  return left !== null && left === right;
}

function pageOf(address: string): string | null {
  try {
    const url = new URL(address);
    return `${url.origin}${url.pathname}`;
  } catch {
    return null;
  }
}
