import { REMOTE_STREAM_PATH } from '@facet/contracts';

/**
 * The viewer socket's address: the origin of the server the console calls (its API base, which
 * in the desktop client is not the page's own), ws: or wss: as that is http: or https:.
 */
export function remoteStreamUrl(apiHost: string, pageUrl: string, ticket: string): string {
  const api = new URL(apiHost, pageUrl);
  const scheme = api.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${api.host}${REMOTE_STREAM_PATH}?${new URLSearchParams({ ticket }).toString()}`;
}

/** What a new host is told to reach: the same server, as a person would type its address. */
export function serverUrl(apiHost: string, pageUrl: string): string {
  return new URL(apiHost, pageUrl).origin;
}
