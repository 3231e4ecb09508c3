import type { Clock } from '../clock.ts';
import type { MasterKey } from '../security/masterKey.ts';

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
 * and nothing else: sealed with the server's master key, so it cannot be made or altered outside
 * the server, and bound to one profile and one account (in its body and its associated data,
 * which also keeps it from being taken for anything else the master key seals). The share is
 * checked again at use. A master key rotation ends the grants given before it.
 */
export class LaunchGrants {
  constructor(
    private readonly master: MasterKey,
    private readonly clock: Clock,
  ) {}

  issue(profileId: string, accountId: string): string {
    const body: GrantBody = { kind: 'launch', profileId, accountId, expiresAt: this.clock.now() + GRANT_LIFETIME_MS };
    return this.master.seal(grantPurpose(profileId, accountId), JSON.stringify(body));
  }

  allows(grant: string | undefined, profileId: string, accountId: string): boolean {
    if (!grant) return false;
    try {
      const body = JSON.parse(this.master.open(grantPurpose(profileId, accountId), grant)) as Partial<GrantBody>;
      return body.kind === 'launch' && body.profileId === profileId && body.accountId === accountId && typeof body.expiresAt === 'number' && body.expiresAt > this.clock.now();
    } catch {
      // Not one of ours (altered, truncated, another key): simply no grant.
      return false;
    }
  }
}

function grantPurpose(profileId: string, accountId: string): string[] {
  return ['launch-grant', profileId, accountId];
}
