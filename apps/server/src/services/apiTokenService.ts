import { Code } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Account, AccountsRepository } from '../repositories/accounts.ts';
import type { ApiTokensRepository } from '../repositories/apiTokens.ts';
import { hashToken, newId, newSecretToken } from '../security/tokens.ts';

/** API tokens for scripts (/v2/api/): main accounts only, one live token each, stored hashed. */
export class ApiTokenService {
  constructor(
    private readonly tokens: ApiTokensRepository,
    private readonly accounts: AccountsRepository,
    private readonly clock: Clock,
  ) {}

  /** Issues a new token (revoking the previous one); the plain token is shown this once. */
  async issue(account: Account): Promise<string> {
    if (account.type !== 'main') throw new AppError(Code.MAIN_ACCOUNT_ONLY);
    const token = newSecretToken('fct_');
    await this.tokens.replaceForAccount(account.id, newId('tok'), hashToken(token), this.clock.now());
    return token;
  }

  async authenticate(token: string): Promise<Account | null> {
    if (!token.startsWith('fct_')) return null;
    const row = await this.tokens.findActiveByHash(hashToken(token));
    if (!row) return null;
    const account = await this.accounts.findById(row.account_id);
    if (!account || account.status !== 'active') return null;
    await this.tokens.markUsed(row.id, this.clock.now());
    return account;
  }
}
