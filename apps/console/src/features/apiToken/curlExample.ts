import { API_PREFIX, apiMemberCall } from '@facet/contracts';

/**
 * A command that proves a token works: the signed-in account, asked for with the token alone.
 * Calls under /v2/api/ are POSTs with a JSON body (see @facet/api-client).
 */
export function curlExample(serverOrigin: string, token: string): string {
  const url = `${serverOrigin.replace(/\/+$/, '')}${API_PREFIX}${apiMemberCall.path}`;
  return `curl -X POST -H "Authorization: Bearer ${token}" -H "Content-Type: application/json" -d '{}' ${url}`;
}
