import { randomInt } from 'node:crypto';
import { Code, hostLoadSchema, type HostJoinRequest, type HostLoad, type HostRow } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { RateLimiter } from '../guards/rateLimiter.ts';
import type { PushHub } from '../realtime/pushHub.ts';
import type { Account } from '../repositories/accounts.ts';
import type { HostRecord } from '../repositories/hosts.ts';
import type { Store } from '../repositories/store.ts';
import { hashToken, newId, newSecretToken } from '../security/tokens.ts';
import { confirmPassword } from './passwordConfirmation.ts';
import { assertMain, teamIdOf } from './roles.ts';

/** How long a host's enrollment code is good for. */
export const HOST_CODE_LIFETIME_MS = 15 * 60_000;
/** Letters and digits no one mistakes for each other when typing a code from a screen. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** What the hosts list needs of the links this instance holds. */
export interface HostPresence {
  online(hostId: string): boolean;
  drop(hostId: string): void;
}

function newHostCode(): string {
  const group = () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}

function loadOf(record: HostRecord): HostLoad | null {
  if (!record.load) return null;
  try {
    const parsed = hostLoadSchema.safeParse(JSON.parse(record.load));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A team's hosts: a main account makes a one-time code after its password, the host trades it
 * for its own token (kept hashed), and the team sees each host with its load. A host holds the
 * secrets of what runs on it, so adding and removing one are the main account's, re-confirmed.
 */
export class HostService {
  private presence: HostPresence = { online: () => false, drop: () => {} };

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly push: Pick<PushHub, 'pushToAccount'>,
  ) {}

  /** The links, once the app has them (routes hold the sockets; the service only asks). */
  attachPresence(presence: HostPresence): void {
    this.presence = presence;
  }

  async enroll(actor: Account, password: string, name: string | undefined): Promise<{ code: string; expiresAt: number }> {
    assertMain(actor);
    await confirmPassword(this.limiter, actor, password);
    const code = newHostCode();
    const expiresAt = this.clock.now() + HOST_CODE_LIFETIME_MS;
    await this.store.hosts.addCode(hashToken(code), actor.id, name ?? null, expiresAt);
    return { code, expiresAt };
  }

  /** A new host trades its code (once) for its token; a wrong code spends the caller's budget. */
  async join(request: HostJoinRequest, ip: string): Promise<{ hostId: string; token: string }> {
    await this.limiter.assertUnder('hostJoinFailuresPerIp', ip);
    const spent = await this.store.hosts.spendCode(hashToken(request.code.toUpperCase()), this.clock.now());
    if (!spent) {
      await this.limiter.hit('hostJoinFailuresPerIp', ip);
      throw new AppError(Code.HOST_CODE_INVALID, null, 401);
    }
    const token = newSecretToken('fht_');
    const hostId = newId('host');
    await this.store.hosts.add({ id: hostId, team_id: spent.team_id, name: spent.name ?? request.name, token_hash: hashToken(token), device_key: request.deviceKey, created_at: this.clock.now() });
    await this.push.pushToAccount(spent.team_id, Code.HOSTS_CHANGED, { hostId });
    return { hostId, token };
  }

  async byId(hostId: string): Promise<HostRecord | null> {
    return (await this.store.hosts.findById(hostId)) ?? null;
  }

  async authenticate(token: string): Promise<HostRecord | null> {
    if (!token.startsWith('fht_')) return null;
    return (await this.store.hosts.findByTokenHash(hashToken(token))) ?? null;
  }

  /** The actor's team's hosts, and the hosts of `alsoTeams` (a profile owner's team, for its recipients). */
  async list(actor: Account, alsoTeams: readonly string[] = []): Promise<HostRow[]> {
    const teams = [...new Set([teamIdOf(actor), ...alsoTeams])];
    const records = await this.store.hosts.listForTeams(teams);
    return records.map((record) => this.row(record));
  }

  row(record: HostRecord): HostRow {
    return { id: record.id, name: record.name, online: this.presence.online(record.id), lastSeenAt: record.last_seen_at, load: loadOf(record), createdAt: record.created_at };
  }

  async remove(actor: Account, id: string, password: string): Promise<void> {
    assertMain(actor);
    await confirmPassword(this.limiter, actor, password);
    if (!(await this.store.hosts.remove(actor.id, id))) throw new AppError(Code.NOT_FOUND, { ids: [id] });
    this.presence.drop(id);
    await this.push.pushToAccount(actor.id, Code.HOSTS_CHANGED, { hostId: id });
  }

  async reported(host: Pick<HostRecord, 'id'>, load: HostLoad): Promise<void> {
    await this.store.hosts.reported(host.id, JSON.stringify(load), this.clock.now());
  }

  /** The team hears its host came or went. */
  async presenceChanged(hostId: string): Promise<void> {
    const host = await this.store.hosts.findById(hostId);
    if (host) await this.push.pushToAccount(host.team_id, Code.HOSTS_CHANGED, { hostId });
  }

  deleteExpiredCodes(): Promise<number> {
    return this.store.hosts.deleteExpiredCodes(this.clock.now());
  }
}
