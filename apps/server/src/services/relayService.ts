import { Code, permits, type Proxy, type SharePermission } from '@facet/contracts';
import type { Store } from '../repositories/store.ts';
import type { Clock } from '../clock.ts';
import type { RelaySettings } from '../config.ts';
import { AppError } from '../errors.ts';
import type { AccountsRepository } from '../repositories/accounts.ts';
import type { ProfileLeasesRepository } from '../repositories/profileLeases.ts';
import { type ProfilesRepository, type ProfileRecord } from '../repositories/profiles.ts';
import type { RelayDecision } from '../relay/proxyRelay.ts';
import type { RelayPass, RelayPasses } from '../relay/relayPasses.ts';
import { UpstreamRefused, upstreamProxyUrl } from '../relay/upstreamProxy.ts';
import { profileSecretsBinding } from '../codecs/profileCodec.ts';
import { readableProxyHost } from '../codecs/storedFieldRules.ts';
import { accessTo } from './profileAccess.ts';
import type { SecretBox } from '../crypto/secretBox.ts';

/**
 * Whose launch goes through the relay: someone who may only run the profile, when its proxy has
 * an account. Owners and those who may edit it read the account anyway; a proxy without one
 * holds nothing to keep back.
 */
export function launchIsRelayed(permission: SharePermission | null, proxy: Proxy): boolean {
  const hasAccount = proxy.type !== 'none' && !proxy.direct && (proxy.username !== '' || proxy.password !== '');
  return hasAccount && !permits(permission, 'edit');
}

/**
 * The proxy relay's rules (relay/proxyRelay.ts carries the bytes): what a relayed launch is
 * given in place of the owner's proxy, and whether a credential still stands for a running start
 * — checked at every request and tunnel against the database, so a released or lapsed lease, a
 * revoked share or group grant, or a disabled account ends it on every server instance at once.
 */
export class RelayService {
  private port: number | null = null;
  private readonly profiles: ProfilesRepository;
  private readonly leases: ProfileLeasesRepository;

  constructor(
    store: Store,
    private readonly accounts: AccountsRepository,
    private readonly secrets: SecretBox,
    private readonly passes: RelayPasses,
    private readonly clock: Clock,
    private readonly settings: RelaySettings | null,
  ) {
    this.profiles = store.profiles;
    this.leases = store.profileLeases;
  }

  /** The port the relay got (config port 0 takes a free one). */
  listening(port: number): void {
    this.port = port;
  }

  /** Refuses a relayed launch before anything is taken when this server relays nothing. */
  assertOn(): void {
    if (this.settings === null || this.port === null) throw new AppError(Code.PROXY_RELAY_OFF);
  }

  /**
   * The proxy a relayed start is given: the relay, at the name agents reach this server by
   * unless one is configured, with a credential for this start alone. The owner's country stays
   * (it is what the exit is expected in); host, port and account are the relay's.
   */
  standIn(ownerProxy: Proxy, pass: RelayPass, reachedHost: string): Proxy {
    this.assertOn();
    const { username, password } = this.passes.issue(pass);
    const host = this.settings!.publicHost ?? reachedHost.replace(/^\[|\]$/g, '');
    return { type: 'http', host, port: this.port!, username, password, country: ownerProxy.country, direct: false };
  }

  async decide(username: string, password: string): Promise<RelayDecision> {
    // The seal first: garbage costs one AES-GCM open and no database read.
    const pass = this.passes.open(username, password);
    if (!pass) return { kind: 'unauthorized' };
    const record = await this.standing(pass);
    if (!record) return { kind: 'unauthorized' };
    try {
      return { kind: 'upstream', url: await upstreamProxyUrl(await this.ownerProxy(record), this.settings?.privateUpstreams ?? false) };
    } catch (error) {
      if (error instanceof UpstreamRefused) return { kind: 'refused' };
      throw error;
    }
  }

  /** The profile, while the pass's start still runs under the lease it was issued for and its account may still run it. */
  private async standing(pass: RelayPass): Promise<ProfileRecord | null> {
    const lease = (await this.leases.live([pass.profileId], this.clock.now())).get(pass.profileId);
    if (!lease || lease.device_id !== pass.deviceId || lease.started_at !== pass.since || lease.holder_id !== pass.accountId) return null;
    const account = await this.accounts.findById(pass.accountId);
    if (!account || account.status !== 'active') return null;
    try {
      const [access] = await accessTo(this.profiles, account, [pass.profileId], 'run');
      return access!.record;
    } catch (error) {
      // Unshared, its group no longer granted, deleted or transferred away: the pass ends with it.
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  /** The owner's proxy as it stands now: an edit by the owner applies to the next request. */
  private async ownerProxy(record: ProfileRecord): Promise<Proxy> {
    await this.secrets.ready([record.owner_id]);
    const secrets = JSON.parse(this.secrets.openOr(profileSecretsBinding(record.owner_id, record.id), record.secrets, '{}')) as { proxyUsername?: string; proxyPassword?: string };
    return {
      // Written through the profile schema (profileCodec.ts), so one of its types.
      type: record.proxy_type as Proxy['type'],
      // A host stored before the host rule that the rule refuses reads as one that never resolves.
      host: readableProxyHost(record.proxy_type, record.proxy_host),
      port: record.proxy_port,
      username: secrets.proxyUsername ?? '',
      password: secrets.proxyPassword ?? '',
      country: record.proxy_country,
      direct: record.proxy_direct === 1,
    };
  }
}
