import { profileSettingsSchema } from '@facet/contracts';
import { sql } from 'kysely';
import { generateIdentity } from '@facet/fingerprint';
import { connectDatabase } from '../../apps/server/src/db/connect.ts';
import { AccountsRepository } from '../../apps/server/src/repositories/accounts.ts';
import { ProfilesRepository, type ProfileRecord } from '../../apps/server/src/repositories/profiles.ts';
import { systemClock } from '../../apps/server/src/clock.ts';
import { MasterKey } from '../../apps/server/src/security/masterKey.ts';
import { newProfileId } from '../../apps/server/src/security/tokens.ts';
import { AccountKeyring } from '../../apps/server/src/crypto/accountKeyring.ts';
import { settingsToColumns } from '../../apps/server/src/codecs/profileCodec.ts';
import { SecretBox } from '../../apps/server/src/crypto/secretBox.ts';

/**
 * Puts `count` profiles into one account straight through the repository, the way a long-lived
 * account accumulates them: the list benchmark measures reading, not how they got there.
 */
export async function seedProfiles(options: { dataDir: string; databaseUrl: string | null; dataKey: string; email: string; count: number }): Promise<void> {
  const database = await connectDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  try {
    const owner = await new AccountsRepository(database.db).findByEmail(options.email);
    if (!owner) throw new Error(`no account ${options.email}`);
    // Sealed as the server seals them: the owner's account key, bound to each row.
    const box = new SecretBox(new AccountKeyring(database.db, MasterKey.fromText(options.dataKey), systemClock), console);
    await box.ready([owner.id]);
    const repo = new ProfilesRepository(database.db);
    const now = Date.now();
    const identity = generateIdentity('windows', '156');
    const first = await repo.reserveSerials(owner.id, options.count);
    const step = 5000;
    for (let start = 0; start < options.count; start += step) {
      const rows: ProfileRecord[] = [];
      for (let i = start; i < Math.min(options.count, start + step); i++) {
        const settings = profileSettingsSchema.parse({
          name: `Seed ${String(i + 1).padStart(6, '0')}`,
          groupId: '0',
          remark: i % 10 === 0 ? `batch ${i % 97}` : '',
          os: 'windows',
          userAgent: identity.userAgent,
          resolution: identity.resolution,
          kernelVersion: '156',
          proxy: i % 3 === 0 ? { type: 'http', host: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, port: 8000 + (i % 1000) } : {},
          fingerprint: { ...identity.fingerprint, noiseSeed: i },
        });
        const id = newProfileId();
        // No sync key yet: the server makes one at the profile's first start.
        rows.push({ id, owner_id: owner.id, serial: first + i, ...settingsToColumns(settings, box, { ownerId: owner.id, id }), sync_key: '', created_at: now - (options.count - i) * 1000, updated_at: now, last_used_at: null, deleted_at: null, purge_at: null, saved_proxy_id: null });
      }
      await database.db.transaction().execute(async (trx) => {
        const inTransaction = new ProfilesRepository(trx);
        await inTransaction.insertMany(rows);
        await inTransaction.adjustLiveCount(owner.id, rows.length);
      });
    }
    // A long-lived database has planner statistics (PostgreSQL's autovacuum, SQLite's
    // `PRAGMA optimize`); a bulk load just now has none, so gather them as those would.
    await sql`analyze`.execute(database.db);
  } finally {
    await database.close();
  }
}
