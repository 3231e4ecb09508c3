import { accountSettingsSchema, type AccountSettings } from '@facet/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { Account } from '../repositories/accounts.ts';
import type { OperationLog } from './operationLog.ts';

/** Global settings: read with defaults filled in; saved whole, and logged by what changed. */
export class AccountSettingsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: OperationLog,
    private readonly clock: Clock,
  ) {}

  async get(actor: Account): Promise<AccountSettings> {
    const row = await this.db.selectFrom('accounts').select('settings').where('id', '=', actor.id).executeTakeFirstOrThrow();
    return parse(row.settings);
  }

  async save(actor: Account, settings: AccountSettings): Promise<AccountSettings> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('accounts').select('settings').where('id', '=', actor.id).executeTakeFirstOrThrow();
      const before = parse(row.settings);
      const changed = (Object.keys(settings) as (keyof AccountSettings)[]).filter((k) => settings[k] !== before[k]);
      if (changed.length === 0) return before;
      await trx.updateTable('accounts').set({ settings: JSON.stringify(settings), updated_at: this.clock.now() }).where('id', '=', actor.id).execute();
      await this.log.record(trx, actor, 'settings.update', '', { fields: changed.join(',') });
      return settings;
    });
  }
}

/** Stored JSON with every field present: fields added later get their defaults. */
function parse(json: string): AccountSettings {
  const parsed = accountSettingsSchema.safeParse(JSON.parse(json || '{}'));
  return parsed.success ? parsed.data : accountSettingsSchema.parse({});
}
