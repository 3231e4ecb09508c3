import { ApiClient, memoryCredentialStore } from '@facet/api-client';
import type { TestServer } from '../harness.ts';

/** A client whose requests come from `ip` (X-Forwarded-For, trusted on a server started with FACET_TRUST_PROXY). */
export function clientFromAddress(server: TestServer, ip: string): ApiClient {
  return new ApiClient({
    baseUrl: server.baseUrl,
    signKey: server.facet.signKey,
    credentials: memoryCredentialStore(null),
    getLanguage: () => 0,
    fetch: (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-for': ip } }),
  });
}
