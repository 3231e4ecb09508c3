import { Code, UNLIMITED } from '@facet/contracts';
import { AppError } from '../errors.ts';
import type { AccountsRepository } from '../repositories/accounts.ts';
import type { PlanAllowance } from './planAllowance.ts';

/** Plans count storage in megabytes of 1,048,576 bytes, as the console shows sizes. */
export const BYTES_PER_MB = 1024 * 1024;

/** Plans keep megabytes (what the operator types); the wire speaks bytes. -1 stays unlimited. */
export function storageBytesOf(megabytes: number): number {
  return megabytes === UNLIMITED ? UNLIMITED : megabytes * BYTES_PER_MB;
}

/**
 * Something that keeps a team's bytes in the blob store: its plugins (pluginUsage.ts), its
 * synced profile state. Registered once when services are wired (container.ts).
 */
export interface UsageSource {
  /** Names the source in `StorageUse.bySource` ('plugins', 'sync'); unique. */
  readonly name: string;
  /**
   * Bytes the whole team keeps through this source: the main account's id is given, and what
   * its sub-accounts keep belongs to it (teamIdOf in roles.ts).
   */
  bytesOf(teamId: string): Promise<number>;
}

export interface StorageUse {
  /** The main account whose plan the storage comes from. */
  teamId: string;
  usedBytes: number;
  /** -1 unlimited. */
  limitBytes: number;
  bySource: Record<string, number>;
}

/**
 * Storage per plan (issue 15). A team (a main account and its sub-accounts) shares its main
 * account's allowance, the sum over every registered source. Checked before bytes are stored,
 * so a refused upload stores nothing; two uploads racing past the check can overshoot by one.
 */
export class StorageQuota {
  private readonly sources: UsageSource[] = [];

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly allowance: PlanAllowance,
  ) {}

  register(source: UsageSource): void {
    if (this.sources.some((s) => s.name === source.name)) throw new Error(`storage usage source ${source.name} registered twice`);
    this.sources.push(source);
  }

  /** What the account's team keeps and may keep. */
  async usage(accountId: string): Promise<StorageUse> {
    const { teamId, limitBytes } = await this.limitOf(accountId);
    return { teamId, limitBytes, ...(await this.used(teamId)) };
  }

  /**
   * Throws STORAGE_FULL (data: usedBytes, limitBytes, neededBytes) when `extraBytes` more would
   * go past the team's allowance. An unlimited team is not counted at all, and adding nothing
   * always fits (a team over a smaller new plan can still save what takes no more room).
   */
  async ensureRoom(accountId: string, extraBytes: number): Promise<void> {
    if (extraBytes <= 0) return;
    const { teamId, limitBytes } = await this.limitOf(accountId);
    if (limitBytes === UNLIMITED) return;
    const { usedBytes } = await this.used(teamId);
    if (usedBytes + extraBytes > limitBytes) throw new AppError(Code.STORAGE_FULL, { usedBytes, limitBytes, neededBytes: extraBytes });
  }

  private async used(teamId: string): Promise<{ usedBytes: number; bySource: Record<string, number> }> {
    const bySource: Record<string, number> = {};
    for (const source of this.sources) bySource[source.name] = await source.bytesOf(teamId);
    return { usedBytes: Object.values(bySource).reduce((sum, bytes) => sum + bytes, 0), bySource };
  }

  private async limitOf(accountId: string): Promise<{ teamId: string; limitBytes: number }> {
    const account = await this.accounts.findById(accountId);
    if (!account) throw new AppError(Code.NOT_FOUND, { accountId });
    const team = await this.allowance.of(account);
    return { teamId: team.holderId, limitBytes: storageBytesOf(team.storageMb) };
  }
}
