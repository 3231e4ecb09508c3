import { Code } from '@facet/contracts';
import { AppError } from '../errors.ts';
import type { Account } from '../repositories/accounts.ts';
import { verifyPassword } from '../security/passwords.ts';
import type { RateLimiter } from '../guards/rateLimiter.ts';

/**
 * Re-confirms the signed-in person with the account password (spec §5: sensitive actions).
 * Failures spend the same budget as sign-in, so no re-confirmation is a way to guess.
 */
export async function confirmPassword(limiter: RateLimiter, account: Account, password: string): Promise<void> {
  await limiter.assertUnder('loginFailuresPerAccount', account.id);
  if (!(await verifyPassword(account.password_hash, password))) {
    await limiter.hit('loginFailuresPerAccount', account.id);
    throw new AppError(Code.WRONG_PASSWORD);
  }
}
