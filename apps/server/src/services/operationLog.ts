import type { OperationAction, OperationLogEntry } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { currentMachine } from '../requestScope.ts';
import { type Account } from '../repositories/accounts.ts';
import type { Store } from '../repositories/store.ts';
import { type OperationLogQuery, type OperationLogRow } from '../repositories/operationLogs.ts';
import { newId } from '../security/tokens.ts';
import { assertMain } from './roles.ts';

const SUBJECT_MAX = 500;

/**
 * Writes and reads the operation log. `record` takes the executor of the change's own
 * transaction: the entry and the change commit or roll back together.
 */
export class OperationLog {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async record(executor: Store, actor: Account, action: OperationAction, subject: string | readonly string[], details: Record<string, string | number> = {}, machineFallback = 'server'): Promise<void> {
    await this.write(executor, teamOf(actor), actor, action, subject, details, currentMachine(machineFallback));
  }

  /**
   * A profile's browser opened or closed: named with the machine that held its lease (not the
   * one that made the call), in the log of the team that ran it and, when the profile is another
   * team's (shared with the actor), in the owner's team's too — an owner audits who ran its
   * profiles, and where.
   */
  async recordUse(executor: Store, actor: Account, action: 'browser.open' | 'browser.close', profile: { name: string; owner_id: string }, device: string): Promise<void> {
    const teams = new Set([teamOf(actor)]);
    const owner = await executor.accounts.findById(profile.owner_id);
    if (owner) teams.add(teamOf(owner));
    for (const team of teams) await this.write(executor, team, actor, action, profile.name, { device }, device);
  }

  private async write(executor: Store, teamId: string, actor: Account, action: OperationAction, subject: string | readonly string[], details: Record<string, string | number>, machine: string): Promise<void> {
    const names = typeof subject === 'string' ? subject : joinNames(subject);
    await executor.operationLogs.insert({
      id: this.nextId(),
      team_id: teamId,
      account_id: actor.id,
      account_name: actor.username,
      machine,
      action,
      subject: names,
      subject_key: `${names} ${machine}`.toLowerCase().slice(0, 600),
      details: JSON.stringify(details),
      created_at: this.clock.now(),
    });
  }

  private sequence = 0;

  /**
   * Ids that sort in writing order (time, then a counter within this process), so entries of
   * the same millisecond still list newest first; the random tail keeps them unguessable.
   */
  private nextId(): string {
    this.sequence = (this.sequence + 1) % 36 ** 4;
    return `log_${this.clock.now().toString(36).padStart(9, '0')}${this.sequence.toString(36).padStart(4, '0')}${newId('').slice(1, 9)}`;
  }

  async search(actor: Account, query: OperationLogQuery): Promise<{ list: OperationLogEntry[]; total: number }> {
    assertMain(actor);
    const { rows, total } = await this.store.operationLogs.search(actor.id, query);
    return { list: rows.map(view), total };
  }
}

/** The team whose log an account's changes go to: its main account's. */
function teamOf(account: Pick<Account, 'id' | 'type' | 'parent_id'>): string {
  return account.type === 'sub' && account.parent_id ? account.parent_id : account.id;
}

/** "a, b, c and 12 more" kept under the column's size. */
function joinNames(names: readonly string[]): string {
  let out = '';
  for (let i = 0; i < names.length; i++) {
    const next = out ? `${out}, ${names[i]}` : names[i]!;
    if (next.length > SUBJECT_MAX - 20) return `${out} (+${names.length - i})`;
    out = next;
  }
  return out;
}

function view(row: OperationLogRow): OperationLogEntry {
  return {
    id: row.id,
    account: { id: row.account_id, name: row.account_name },
    machine: row.machine,
    action: row.action as OperationAction,
    subject: row.subject,
    details: JSON.parse(row.details) as Record<string, string | number>,
    createdAt: row.created_at,
  };
}
