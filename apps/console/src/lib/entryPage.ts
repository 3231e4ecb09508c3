/**
 * Where this page load began, read before the router moves anywhere: a link into the console
 * (`/wel/account/package?order=…`, a bookmark, the operator's payment link) names its page and
 * must open it, also after signing in. Only a load that named no page (`/`, `/wel`, `/login`)
 * brings back the last open tab.
 */
export const entryLocation: string = typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search;

/** True when `location` names a page of the console (path under /wel/ or /mobile/). */
export function namesAPage(location: string): boolean {
  const path = location.split('?')[0]!.replace(/\/+$/, '');
  return /^\/(wel|mobile)\/[^/]/.test(path);
}

/**
 * Where to go after signing in: the page the person was sent away from, if it is one of the
 * console's own (never another site: only a path starting with one "/"), else the landing page.
 */
export function afterSignIn(from: unknown, landing: string): string {
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && namesAPage(from) ? from : landing;
}
