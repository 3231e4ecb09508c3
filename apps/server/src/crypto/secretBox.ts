import type { FastifyBaseLogger } from 'fastify';
import { aeadOpen, aeadSeal } from '../security/aead.ts';
import { bindingAad, formatSealed, parseSealed, type SealBinding } from '../security/sealedValue.ts';
import { SecretUnreadable } from '../security/secretUnreadable.ts';
import type { AccountKeyring } from './accountKeyring.ts';

export type SecretLog = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/**
 * Seals and opens secrets at rest (proxy accounts, cookies, the API token's copy) with the
 * owning account's key, bound to account, table, row and field: a value copied into any other
 * row, field or account does not open. Only the v2 format opens here; `v1:` values (one key,
 * no binding) are converted at start (secretMigration.ts) and refused everywhere else, or the
 * copy would still work with them. Call `ready` with the accounts first, outside transactions.
 */
export class SecretBox {
  constructor(
    private readonly keyring: AccountKeyring,
    private readonly log: SecretLog,
  ) {}

  ready(accountIds: Iterable<string>): Promise<void> {
    return this.keyring.ready(accountIds);
  }

  seal(binding: SealBinding, plain: string): string {
    const { version, key } = this.keyring.current(binding.accountId);
    return formatSealed(version, aeadSeal(key, Buffer.from(plain, 'utf8'), bindingAad(binding, version)));
  }

  /** The plaintext; throws SecretUnreadable when the value does not belong where it is. */
  open(binding: SealBinding, sealed: string): string {
    const parsed = parseSealed(sealed);
    if (!parsed) throw new SecretUnreadable(sealed.startsWith('v1:') ? 'old-format' : 'malformed', binding);
    const key = this.keyring.key(binding.accountId, parsed.keyVersion);
    if (!key) throw new SecretUnreadable('unknown-key', binding);
    try {
      return aeadOpen(key, parsed.packed, bindingAad(binding, parsed.keyVersion)).toString('utf8');
    } catch {
      // GCM says only "unable to authenticate": another row's value, or altered. Both mean the same here.
      throw new SecretUnreadable('not-authentic', binding);
    }
  }

  /**
   * The plaintext, or `fallback` when the value will not open where it is, with a warning that
   * names the row and the reason, never the value. What readers of profiles, saved proxies and
   * the API token use: an unreadable secret reads as none, so its owner can still open the row
   * and type it again, and no one gets a 500 or another row's secret.
   */
  openOr(binding: SealBinding, sealed: string, fallback: string): string {
    try {
      return this.open(binding, sealed);
    } catch (error) {
      if (!(error instanceof SecretUnreadable)) throw error;
      return this.readAsEmpty(error, fallback);
    }
  }

  /**
   * As openOr, for a caller that replaces what does not open: a value sealed with a key version
   * this server does not hold (keys rotated on another instance, not yet loaded here) still
   * throws SecretUnreadable('unknown-key'), since it opens after a reload and replacing it
   * would lose it for good.
   */
  openOrLost(binding: SealBinding, sealed: string, fallback: string): string {
    try {
      return this.open(binding, sealed);
    } catch (error) {
      if (!(error instanceof SecretUnreadable) || error.reason === 'unknown-key') throw error;
      return this.readAsEmpty(error, fallback);
    }
  }

  private readAsEmpty(error: SecretUnreadable, fallback: string): string {
    this.log.warn({ secret: { ...error.binding, reason: error.reason } }, 'sealed value unreadable where it is stored; read as empty');
    return fallback;
  }
}
