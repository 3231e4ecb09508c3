import { ApiError } from '@facet/api-client';
import { Code } from '@facet/contracts';

/**
 * A share or transfer naming accounts that do not exist is refused with 1301 and
 * data.accounts listing them; the server's message already names them in the user's language.
 */
export function unknownAccountsMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== Code.ACCOUNT_UNKNOWN) return null;
  const accounts = (error.data as { accounts?: unknown } | null)?.accounts;
  return error.msg || (Array.isArray(accounts) ? accounts.join(', ') : null);
}
