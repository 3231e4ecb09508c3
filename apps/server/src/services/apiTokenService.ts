import type { ApiTokenInfo } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import type { Account, AccountsRepository } from '../repositories/accounts.ts';
import type { ApiTokensRepository } from '../repositories/apiTokens.ts';
import type { SealBinding } from '../security/sealedValue.ts';
import { hashToken, newId, newSecretToken } from '../security/tokens.ts';
import { confirmPassword } from './passwordConfirmation.ts';
import type { RateLimiter } from '../guards/rateLimiter.ts';
import type { SecretBox } from '../crypto/secretBox.ts';
import { assertMain } from './roles.ts';

/**
 * API tokens for scripts (/v2/api/): main accounts only, one live token each, looked up by hash
 * and kept sealed with the account's key (bound to the token's row) so its owner can view it
 * again after the password.
 */
export class ApiTokenService {
  constructor(
    private readonly tokens: ApiTokensRepository,
    private readonly accounts: AccountsRepository,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly secrets: SecretBox,
  ) {}

  /** The live token and when it was made and used, after the password is re-confirmed. */
  async view(account: Account, password: string): Promise<ApiTokenInfo | null> {
    assertMain(account);
    await confirmPassword(this.limiter, account, password);
    const live = await this.tokens.findLiveForAccount(account.id);
    if (!live) return null;
    await this.secrets.ready([account.id]);
    // A copy that does not open here (another row's) reads as none: "reset to see a token".
    const token = live.token_sealed ? this.secrets.openOr(tokenBinding(account.id, live.id), live.token_sealed, '') || null : null;
    return { createdAt: live.created_at, lastUsedAt: live.last_used_at, token };
  }

  /** A new token in place of the old one, after the password is re-confirmed; shown this once. */
  async reset(account: Account, password: string): Promise<{ token: string; info: ApiTokenInfo }> {
    assertMain(account);
    await confirmPassword(this.limiter, account, password);
    const now = this.clock.now();
    const token = await this.issue(account, now);
    return { token, info: { createdAt: now, lastUsedAt: null, token } };
  }

  /** Issues a new token (revoking the previous one); the plain token is shown this once. */
  async issue(account: Account, now = this.clock.now()): Promise<string> {
    assertMain(account);
    const token = newSecretToken('fct_');
    const id = newId('tok');
    await this.secrets.ready([account.id]);
    await this.tokens.replaceForAccount(account.id, id, hashToken(token), this.secrets.seal(tokenBinding(account.id, id), token), now);
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

function tokenBinding(accountId: string, tokenId: string): SealBinding {
  return { accountId, table: 'api_tokens', rowId: tokenId, field: 'token_sealed' };
}
