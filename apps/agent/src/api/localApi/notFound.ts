import { ApiError } from '@facet/api-client';
import { Code } from '@facet/contracts';
import { LocalApiFailure } from './failures.ts';

/**
 * The server's "not found" (Code.NOT_FOUND, data.ids) of a saved proxy or tag as the local API's
 * own code (`proxy_not_found`, `tag_not_found`), so a script is not told a profile is missing.
 */
export async function namingMissing<T>(code: 'proxy_not_found' | 'tag_not_found', work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError && error.code === Code.NOT_FOUND) {
      const ids = typeof error.data === 'object' && error.data !== null && 'ids' in error.data ? (error.data as { ids: unknown }).ids : undefined;
      throw new LocalApiFailure(code, 200, Array.isArray(ids) ? { ids } : undefined);
    }
    throw error;
  }
}
