import { Code, permits, REMOTE_STREAM_PATH, type HostCommand, type HostReport, type RemoteRun, type StartFailureReason } from '@facet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { ReplayGuard } from '../guards/replayGuard.ts';
import type { PushHub } from '../realtime/pushHub.ts';
import type { Account } from '../repositories/accounts.ts';
import type { HostRecord } from '../repositories/hosts.ts';
import type { RemoteRunRecord } from '../repositories/remoteRuns.ts';
import type { ProfileRecord } from '../repositories/profiles.ts';
import type { Store } from '../repositories/store.ts';
import { hashToken, newId, newSecretToken } from '../security/tokens.ts';
import type { HostService } from './hostService.ts';
import { deviceIdOf, type LeaseService } from './leaseService.ts';
import type { PlanAllowance } from './planAllowance.ts';
import { accessTo, reachOf } from './profileAccess.ts';
import { RemoteTickets } from './remoteTickets.ts';
import { RemoteViewers, type ControlAction, type Viewer } from './remoteViewers.ts';
import { teamIdOf } from './roles.ts';
import type { MasterKey } from '../security/masterKey.ts';

/** How often every open viewer socket is checked against its session, its access and the plan. */
export const VIEWER_CHECK_MS = 2_000;
/** A run whose host has been away this long has lost its lease too: it is over. */
const HOST_AWAY_ENDS_RUN_MS = 2 * 60_000;
/**
 * How long an ended run's token still carries its closing: the host reports the browser gone at
 * once (its viewers' streams end), then uploads what the browser held and gives the lease back
 * with that token, as a desktop whose person's access ended may (profiles.findHeldEnding).
 */
const RUN_CLOSING_MS = 10 * 60_000;
/** How long an ended run is still answered by id (a viewer learns why its start failed). */
const ENDED_RUN_SHOWN_MS = 5 * 60_000;

/** What a run token lets a host do: launch, lease and state of one profile, as one person. */
export interface RunScope {
  runId: string;
  profileId: string;
  deviceKey: string;
  /** The run has ended: only its closing save and the lease's release (calls/runScope.ts). */
  ending: boolean;
}

/** What the service needs of the host links this instance holds (remote/hostLinks.ts). */
export interface HostCommands {
  online(hostId: string): boolean;
  send(hostId: string, command: HostCommand): boolean;
}

/**
 * Profiles run on a team's host for remote use. Whoever may run a profile may open it on a host
 * of its own team or of the profile owner's team, and watch a live run of it; the host starts it
 * with a run token that acts for that person on that profile alone, so the launch, the lease
 * (one live browser per profile, wherever) and its ending when access ends are the same as on any
 * machine. Viewer sockets need a ticket bound to the session and the profile, and are checked
 * every VIEWER_CHECK_MS: an ended session, a revoked share or an expired plan closes them.
 */
export class RemoteRunService {
  readonly viewers = new RemoteViewers();
  private readonly tickets: RemoteTickets;
  private hosts: HostCommands = { online: () => false, send: () => false };
  private readonly awaySince = new Map<string, number>();
  private checker: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    master: MasterKey,
    private readonly hostService: HostService,
    private readonly leases: LeaseService,
    private readonly allowance: Pick<PlanAllowance, 'assertActive' | 'restricts'>,
    private readonly replay: Pick<ReplayGuard, 'accept'>,
    private readonly push: Pick<PushHub, 'pushToAccount'>,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  ) {
    this.tickets = new RemoteTickets(master, clock);
  }

  /** The links, once the app holds them; starts the viewer checks. */
  attachHosts(hosts: HostCommands): void {
    this.hosts = hosts;
    this.checker ??= setInterval(() => void this.checkViewers().catch((error: unknown) => this.log.error({ err: error }, 'remote viewers: the check failed')), VIEWER_CHECK_MS);
    this.checker.unref();
  }

  close(): void {
    if (this.checker) clearInterval(this.checker);
    this.checker = null;
  }

  async open(actor: Account, profileId: string, hostId: string): Promise<RemoteRun> {
    const [access] = await accessTo(this.store.profiles, actor, [profileId], 'run');
    await this.allowance.assertActive(actor);
    const host = await this.usableHost(actor, hostId, access!.record);
    const live = await this.store.remoteRuns.findLiveForProfile(profileId);
    if (live && live.host_id === host.id) return this.view(live, actor, access!.record, host);
    // The host itself may still hold it while its last run's state goes up: its next start waits
    // for that save (core/profileLauncher.ts), so only another machine's lease refuses.
    const lease = (await this.leases.liveOf([profileId])).get(profileId);
    if (lease && lease.deviceId !== deviceIdOf(host.device_key)) throw new AppError(Code.PROFILE_OPEN_ELSEWHERE, lease);
    // Starting on another host, before that host's launch took the lease: named as the lease will be.
    if (live) throw new AppError(Code.PROFILE_OPEN_ELSEWHERE, await this.startingElsewhere(live));
    if (!this.hosts.online(host.id)) throw new AppError(Code.HOST_OFFLINE);
    const runToken = newSecretToken('frt_');
    const run = { id: newId('run'), profile_id: profileId, host_id: host.id, account_id: actor.id, run_token_hash: hashToken(runToken), started_at: this.clock.now() };
    await this.store.remoteRuns.add(run);
    if (!this.hosts.send(host.id, { type: 'start', runId: run.id, profileId, runToken })) {
      await this.store.remoteRuns.end(run.id, 'failed', 'failed', this.clock.now());
      throw new AppError(Code.HOST_OFFLINE);
    }
    await this.changed(run.id);
    return this.view((await this.store.remoteRuns.findById(run.id))!, actor, access!.record, host);
  }

  /** Live runs of the profiles the actor may run (or one by id, also shortly after it ended). */
  async list(actor: Account, runId?: string): Promise<RemoteRun[]> {
    const runs = runId ? [await this.store.remoteRuns.findById(runId)].filter((r): r is RemoteRunRecord => r !== undefined && (r.ended_at === null || r.ended_at > this.clock.now() - ENDED_RUN_SHOWN_MS)) : await this.store.remoteRuns.liveReachableBy(actor.id);
    if (runs.length === 0) return [];
    const [reached, hosts] = await Promise.all([
      reachOf(this.store.profiles, actor.id, [...new Set(runs.map((r) => r.profile_id))]),
      this.store.hosts.findByIds([...new Set(runs.map((r) => r.host_id))]).then((found) => new Map(found.map((h) => [h.id, h]))),
    ]);
    const shown: RemoteRun[] = [];
    for (const run of runs) {
      const access = reached.get(run.profile_id);
      if (!access || !permits(access.permission, 'run')) continue;
      const host = hosts.get(run.host_id);
      if (!host || !(await this.mayUse(actor, host, access.record))) continue;
      shown.push(await this.view(run, actor, access.record, host));
    }
    return shown;
  }

  async ticket(actor: Account, sessionId: string, runId: string): Promise<{ ticket: string; expiresAt: number; path: string; viewerId: string }> {
    const { run } = await this.reachRun(actor, runId);
    await this.allowance.assertActive(actor);
    const { ticket, expiresAt, nonce } = this.tickets.issue({ runId: run.id, profileId: run.profile_id, accountId: actor.id, sessionId });
    // The viewer id is the ticket's nonce: other viewers see it, and it opens nothing (the ticket is sealed and spent).
    return { ticket, expiresAt, path: REMOTE_STREAM_PATH, viewerId: nonce };
  }

  /**
   * A viewer socket's ticket, checked whole at the opening: good, not spent, its session alive,
   * its account still allowed, the run running. Answers what the socket may join, or null.
   */
  async admit(ticket: string): Promise<{ run: RemoteRunRecord; account: Account; sessionId: string; viewerId: string } | null> {
    const body = this.tickets.open(ticket);
    if (!body || !(await this.replay.accept(`remote-ticket:${body.nonce}`))) return null;
    const run = await this.store.remoteRuns.findById(body.runId);
    if (!run || run.ended_at !== null || run.state !== 'running' || run.profile_id !== body.profileId) return null;
    const account = await this.stillAllowed(body.accountId, body.sessionId, run);
    return account ? { run, account, sessionId: body.sessionId, viewerId: body.nonce } : null;
  }

  /** A joined viewer: tells the host to open its side, and everyone that the viewers changed. */
  async joined(viewer: Omit<Viewer, 'controlling' | 'asking'>, run: RemoteRunRecord): Promise<boolean> {
    this.viewers.add(viewer, run.account_id);
    const sent = this.hosts.send(run.host_id, { type: 'stream', runId: run.id, streamId: viewer.id });
    if (!sent) this.viewers.remove(viewer.id);
    else await this.changed(run.id);
    return sent;
  }

  async left(viewerId: string): Promise<void> {
    const viewer = this.viewers.remove(viewerId);
    if (!viewer) return;
    const run = await this.store.remoteRuns.findById(viewer.runId);
    if (run) this.hosts.send(run.host_id, { type: 'endStream', streamId: viewerId });
    await this.changed(viewer.runId);
  }

  async control(actor: Account, runId: string, viewerId: string, action: ControlAction, to: string | undefined): Promise<RemoteRun> {
    const { run, record, host } = await this.reachRun(actor, runId);
    this.viewers.control(run.id, actor.id, viewerId, action, to);
    await this.changed(run.id);
    return this.view(run, actor, record, host);
  }

  async stop(actor: Account, runId: string): Promise<void> {
    const { run, record } = await this.reachRun(actor, runId);
    if (!this.mayStop(actor, run, record)) throw new AppError(Code.PERMISSION_DENIED);
    this.hosts.send(run.host_id, { type: 'stop', runId: run.id });
  }

  /** A run as stored (live or not): the stream route checks which host it belongs to. */
  runOf(runId: string): Promise<RemoteRunRecord | undefined> {
    return this.store.remoteRuns.findById(runId);
  }

  /** A run token: the person it acts for and what it reaches, while its run is live. */
  async authenticateRunToken(token: string): Promise<{ account: Account; scope: RunScope } | null> {
    if (!token.startsWith('frt_')) return null;
    const run = await this.store.remoteRuns.findByTokenHash(hashToken(token), this.clock.now() - RUN_CLOSING_MS);
    if (!run) return null;
    const [account, host] = await Promise.all([this.store.accounts.findById(run.account_id), this.store.hosts.findById(run.host_id)]);
    if (!account || account.status !== 'active' || !host) return null;
    return { account, scope: { runId: run.id, profileId: run.profile_id, deviceKey: host.device_key, ending: run.ended_at !== null } };
  }

  async hostReported(host: HostRecord, report: HostReport): Promise<void> {
    if (report.type === 'load') return this.hostService.reported(host, report.load);
    const run = await this.store.remoteRuns.findById(report.runId);
    // A browser the server no longer counts as a run (ended while the host was away, or never
    // this host's) is closed rather than left running unseen.
    if (report.type === 'started' && (!run || run.host_id !== host.id || run.ended_at !== null)) {
      this.hosts.send(host.id, { type: 'stop', runId: report.runId });
      return;
    }
    // Only the host a run was sent to speaks for it.
    if (!run || run.host_id !== host.id) return;
    const now = this.clock.now();
    let changed = false;
    if (report.type === 'started') changed = await this.store.remoteRuns.running(run.id, report.width, report.height);
    else if (report.type === 'failed') changed = await this.end(run, 'failed', report.reason, now);
    else changed = await this.end(run, 'stopped', null, now);
    if (changed) await this.changed(run.id);
  }

  async hostConnected(hostId: string): Promise<void> {
    this.awaySince.delete(hostId);
    await this.hostService.presenceChanged(hostId);
  }

  async hostDisconnected(hostId: string): Promise<void> {
    this.awaySince.set(hostId, this.clock.now());
    await this.hostService.presenceChanged(hostId);
  }

  /** Every open viewer against its session, access and plan; runs whose host stayed away end. */
  async checkViewers(): Promise<void> {
    const now = this.clock.now();
    for (const [hostId, since] of this.awaySince) {
      if (now - since < HOST_AWAY_ENDS_RUN_MS) continue;
      this.awaySince.delete(hostId);
      for (const run of await this.store.remoteRuns.liveOnHost(hostId)) if (await this.end(run, 'stopped', null, now)) await this.changed(run.id);
    }
    // Read once per check for all viewers: a run's viewers share its run, host and owner, and one
    // person's tabs their session, account and access.
    const once = readOnce();
    for (const viewer of this.viewers.all()) {
      const run = await once(`run:${viewer.runId}`, () => this.store.remoteRuns.findById(viewer.runId));
      const allowed = run && run.ended_at === null ? await this.stillAllowed(viewer.accountId, viewer.sessionId, run, once) : null;
      if (!allowed) {
        viewer.close(run && run.ended_at === null ? 'revoked' : 'ended');
        await this.left(viewer.id);
      }
    }
  }

  /** The session alive, the account active, the profile still runnable by it, the plan not over. */
  private async stillAllowed(accountId: string, sessionId: string, run: RemoteRunRecord, once: ReadOnce = readOnce()): Promise<Account | null> {
    const session = await once(`session:${sessionId}`, () => this.store.sessions.findById(sessionId));
    const now = this.clock.now();
    if (!session || session.account_id !== accountId || Math.max(session.expires_at, session.refresh_expires_at) <= now) return null;
    const account = await once(`account:${accountId}`, () => this.store.accounts.findById(accountId));
    if (!account || account.status !== 'active') return null;
    const access = await once(`reach:${accountId}:${run.profile_id}`, async () => (await reachOf(this.store.profiles, accountId, [run.profile_id])).get(run.profile_id));
    if (!access || !permits(access.permission, 'run')) return null;
    const host = await once(`host:${run.host_id}`, () => this.store.hosts.findById(run.host_id));
    if (!host || !(await this.mayUse(account, host, access.record, once))) return null;
    if (await once(`restricts:${accountId}`, () => this.allowance.restricts(account))) return null;
    return account;
  }

  private async end(run: RemoteRunRecord, state: 'failed' | 'stopped', failure: StartFailureReason | null, now: number): Promise<boolean> {
    const ended = await this.store.remoteRuns.end(run.id, state, failure, now);
    for (const viewer of this.viewers.of(run.id)) {
      viewer.close('ended');
      this.viewers.remove(viewer.id);
    }
    return ended;
  }

  private async reachRun(actor: Account, runId: string): Promise<{ run: RemoteRunRecord; record: ProfileRecord; host: HostRecord }> {
    const run = await this.store.remoteRuns.findById(runId);
    if (!run || run.ended_at !== null) throw new AppError(Code.REMOTE_RUN_NOT_FOUND);
    const access = (await reachOf(this.store.profiles, actor.id, [run.profile_id])).get(run.profile_id);
    const host = await this.store.hosts.findById(run.host_id);
    if (!access || !permits(access.permission, 'run') || !host || !(await this.mayUse(actor, host, access.record))) throw new AppError(Code.REMOTE_RUN_NOT_FOUND);
    return { run, record: access.record, host };
  }

  private async usableHost(actor: Account, hostId: string, profile: ProfileRecord): Promise<HostRecord> {
    const host = await this.store.hosts.findById(hostId);
    if (!host || !(await this.mayUse(actor, host, profile))) throw new AppError(Code.HOST_NOT_FOUND);
    return host;
  }

  /** A host of the actor's team, or of the team that owns the profile (its recipients use the owner's hosts). */
  private async mayUse(actor: Account, host: HostRecord, profile: ProfileRecord, once: ReadOnce = readOnce()): Promise<boolean> {
    if (host.team_id === teamIdOf(actor)) return true;
    const owner = await once(`account:${profile.owner_id}`, () => this.store.accounts.findById(profile.owner_id));
    return owner !== undefined && host.team_id === teamIdOf(owner);
  }

  /** The hosts a recipient of `profileId` may open it on besides its team's: the owner's team's. */
  async ownerTeamOf(actor: Account, profileId: string): Promise<string | null> {
    const access = (await reachOf(this.store.profiles, actor.id, [profileId])).get(profileId);
    if (!access || !permits(access.permission, 'run')) return null;
    const owner = await this.store.accounts.findById(access.record.owner_id);
    return owner ? teamIdOf(owner) : null;
  }

  private async startingElsewhere(run: RemoteRunRecord): Promise<{ device: string; by: string; since: number; expiresAt: number; deviceId: string }> {
    const [host, starter] = await Promise.all([this.store.hosts.findById(run.host_id), this.store.accounts.findById(run.account_id)]);
    return { device: host?.name ?? '', by: starter?.username ?? '', since: run.started_at, expiresAt: run.started_at + HOST_AWAY_ENDS_RUN_MS, deviceId: host ? deviceIdOf(host.device_key) : '' };
  }

  private mayStop(actor: Account, run: RemoteRunRecord, profile: ProfileRecord): boolean {
    return run.account_id === actor.id || profile.owner_id === actor.id || profile.owner_id === teamIdOf(actor);
  }

  private async view(run: RemoteRunRecord, actor: Account, profile: ProfileRecord, host: HostRecord): Promise<RemoteRun> {
    const starter = await this.store.accounts.findById(run.account_id);
    return {
      id: run.id,
      profileId: run.profile_id,
      profileName: profile.name,
      hostId: host.id,
      hostName: host.name,
      startedBy: starter?.username ?? '',
      startedAt: run.started_at,
      state: run.state,
      failure: (run.failure as StartFailureReason | null) ?? null,
      width: run.width,
      height: run.height,
      viewers: this.viewers.view(run.id, actor.id),
      mayStop: this.mayStop(actor, run, profile),
    };
  }

  /** Everyone who may see the run hears it changed: who opened it, the owner, and its viewers. */
  private async changed(runId: string): Promise<void> {
    const run = await this.store.remoteRuns.findById(runId);
    if (!run) return;
    const owner = await this.store.profiles.ownerOf(run.profile_id);
    const accounts = new Set([run.account_id, ...this.viewers.of(runId).map((v) => v.accountId), ...(owner ? [owner] : [])]);
    for (const account of accounts) await this.push.pushToAccount(account, Code.REMOTE_RUN_CHANGED, { runId });
  }
}

/** Reads `load` once per key for as long as it is kept: one check's reads, shared by its viewers. */
type ReadOnce = <T>(key: string, load: () => Promise<T>) => Promise<T>;

function readOnce(): ReadOnce {
  const read = new Map<string, Promise<unknown>>();
  return <T>(key: string, load: () => Promise<T>): Promise<T> => {
    let found = read.get(key) as Promise<T> | undefined;
    if (!found) {
      found = load();
      read.set(key, found);
    }
    return found;
  };
}
