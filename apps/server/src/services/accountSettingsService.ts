import { accountSettingsSchema, type AccountSettings } from '@facet/contracts';
import type { Store } from '../repositories/store.ts';
import type { Clock } from '../clock.ts';
import type { Account } from '../repositories/accounts.ts';
import type { OperationLog } from './operationLog.ts';

/** Global settings: read with defaults filled in; saved whole, and logged by what changed. */
export class AccountSettingsService {
  constructor(
    private readonly store: Store,
    private readonly log: OperationLog,
    private readonly clock: Clock,
  ) {}

  async get(actor: Account): Promise<AccountSettings> {
    return parse(await this.store.accounts.settingsOf(actor.id));
  }

  async save(actor: Account, settings: AccountSettings): Promise<AccountSettings> {
    return this.store.transaction(async (tx) => {
      const before = parse(await tx.accounts.settingsOf(actor.id));
      const changed = (Object.keys(settings) as (keyof AccountSettings)[]).filter((k) => settings[k] !== before[k]);
      if (changed.length === 0) return before;
      await tx.accounts.setSettings(actor.id, JSON.stringify(settings), this.clock.now());
      await this.log.record(tx, actor, 'settings.update', '', { fields: changed.join(',') });
      return settings;
    });
  }
}

/** Stored JSON with every field present: fields added later get their defaults. */
function parse(json: string): AccountSettings {
  const parsed = accountSettingsSchema.safeParse(JSON.parse(json || '{}'));
  return parsed.success ? parsed.data : accountSettingsSchema.parse({});
}
