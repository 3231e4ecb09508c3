import type { Clock } from '../clock.ts';
import type { DataCipher } from '../security/dataCipher.ts';

/** A browser may run for weeks on a server; its cookies are saved when it stops. */
const GRANT_LIFETIME_MS = 30 * 24 * 3600_000;

interface GrantBody {
  kind: 'launch';
  profileId: string;
  accountId: string;
  expiresAt: number;
}

/**
 * What lets a browser opened by someone who may only run a profile save its cookies at stop,
 * and nothing else: sealed with the server's data key, so it cannot be made or altered outside
 * the server, and bound to one profile and one account. The share is checked again at use.
 */
export class LaunchGrants {
  constructor(
    private readonly cipher: DataCipher,
    private readonly clock: Clock,
  ) {}

  issue(profileId: string, accountId: string): string {
    const body: GrantBody = { kind: 'launch', profileId, accountId, expiresAt: this.clock.now() + GRANT_LIFETIME_MS };
    return this.cipher.encrypt(JSON.stringify(body));
  }

  allows(grant: string | undefined, profileId: string, accountId: string): boolean {
    if (!grant) return false;
    try {
      const body = JSON.parse(this.cipher.decrypt(grant)) as Partial<GrantBody>;
      return body.kind === 'launch' && body.profileId === profileId && body.accountId === accountId && typeof body.expiresAt === 'number' && body.expiresAt > this.clock.now();
    } catch {
      // Not one of ours (altered, truncated, another key): simply no grant.
      return false;
    }
  }
}
