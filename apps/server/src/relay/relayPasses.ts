import type { MasterKey } from '../security/masterKey.ts';

/** What a relay pass stands for: one start of one profile, by one account, on one machine. */
export interface RelayPass {
  profileId: string;
  accountId: string;
  /** The lease this start holds (services/leaseService.ts): the machine and when its hold began. */
  deviceId: string;
  since: number;
}

/** The proxy account a recipient's agent is given for the relay, in place of the owner's. */
interface RelayCredential {
  username: string;
  password: string;
}

/**
 * The one-start credential of the proxy relay (relay/proxyRelay.ts). Sealed with the server's
 * master key, so it cannot be made or altered outside the server, and bound to the profile (in
 * its body and its associated data) and to the lease of the start it was issued for: it is good
 * while that lease lives, and spent when the browser stops (the lease is released) or the lease
 * lapses; a later start, even on the same machine, holds a lease of a later `since` and needs its
 * own. Nothing is stored: any instance with the master key checks it, and a rotation ends it.
 */
export class RelayPasses {
  constructor(private readonly master: MasterKey) {}

  issue(pass: RelayPass): RelayCredential {
    // The profile and the kind are in the seal's associated data, not repeated in its body: the
    // password stays well under the 255 characters a proxy password may have anywhere it is kept.
    const body = { accountId: pass.accountId, deviceId: pass.deviceId, since: pass.since };
    return { username: pass.profileId, password: this.master.seal(passPurpose(pass.profileId), JSON.stringify(body)) };
  }

  /** The pass these credentials carry, or null for anything the server did not make as a relay pass for that profile. */
  open(username: string, password: string): RelayPass | null {
    if (!username || !password) return null;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(this.master.open(passPurpose(username), password)) as Record<string, unknown>;
    } catch {
      // Not one of ours (altered, truncated, another profile's, another key): simply no pass.
      return null;
    }
    const { accountId, deviceId, since } = body;
    if (typeof accountId !== 'string' || typeof deviceId !== 'string' || typeof since !== 'number') return null;
    return { profileId: username, accountId, deviceId, since };
  }
}

function passPurpose(profileId: string): string[] {
  return ['relay-pass', profileId];
}
