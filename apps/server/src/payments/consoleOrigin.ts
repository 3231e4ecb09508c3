/**
 * Where the console that made an order lives, so its checkout comes back to it signed in: the
 * desktop client's console is the agent on loopback (any port), the browser version is this
 * server. Anything else falls back to the server's own origin, so a caller cannot make the
 * server send its payment return anywhere else.
 */
export function consoleOriginFor(claimed: string | undefined, serverOrigin: string): string {
  if (!claimed) return serverOrigin;
  let url: URL;
  try {
    url = new URL(claimed);
  } catch {
    return serverOrigin;
  }
  if (url.origin === serverOrigin) return serverOrigin;
  const loopback = url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]');
  return loopback ? url.origin : serverOrigin;
}
