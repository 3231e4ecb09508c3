import { type ExportedProfile, type importedProfileSchema, type OperatingSystem, type ProfileSettings, profileSettingsSchema } from '@facet/contracts';
import type { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { FingerprintPool } from '../fingerprints/fingerprintPool.ts';
import type { Account } from '../repositories/accounts.ts';
import type { Store } from '../repositories/store.ts';
import { newId } from '../security/tokens.ts';
import type { OperationLog } from './operationLog.ts';
import { columnsToSettings } from '../codecs/profileCodec.ts';
import { assertAllOwned, type ProfileService } from './profileService.ts';
import type { SecretBox } from '../crypto/secretBox.ts';

type ImportedProfile = z.output<typeof importedProfileSchema>;

/**
 * Profiles to and from files (our JSON and an Excel sheet, both made in the console): an export
 * carries every setting and the group by name; an import is all or none, makes the groups it
 * names that do not exist yet, and gives a profile without a user agent a generated fingerprint.
 */
export class ProfileFileService {
  constructor(
    private readonly store: Store,
    private readonly profiles: ProfileService,
    private readonly fingerprints: FingerprintPool,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
    private readonly log: OperationLog,
  ) {}

  async exportProfiles(actor: Account, ids: string[]): Promise<ExportedProfile[]> {
    const records = await assertAllOwned(this.store.profiles, actor, ids);
    const groups = new Map((await this.store.groups.list(actor.id)).map((g) => [g.id, g.name]));
    await this.secrets.ready([actor.id]);
    // Logged before the file is handed out: it holds proxy passwords and cookies in plain text.
    await this.log.record(this.store, actor, 'profile.export', records.map((r) => r.name), { count: records.length });
    return records.map((record) => {
      const { groupId, ...settings } = columnsToSettings(record, this.secrets);
      return { ...settings, groupName: groups.get(groupId) ?? '' };
    });
  }

  async importProfiles(actor: Account, items: ImportedProfile[]): Promise<string[]> {
    // Fingerprints for the profiles that bring none are taken before the transaction (the pool
    // works in a worker); unused ones are simply not written.
    const generated = new Map<number, Awaited<ReturnType<FingerprintPool['take']>>[number]>();
    const wanting = items.map((item, i) => [item, i] as const).filter(([item]) => !item.userAgent || !item.resolution);
    for (const os of new Set(wanting.map(([item]) => item.os))) {
      const forOs = wanting.filter(([item]) => item.os === os);
      const taken = await this.fingerprints.take(os as OperatingSystem, forOs[0]![0].kernelVersion, forOs.length);
      forOs.forEach(([, i], n) => generated.set(i, taken[n]!));
    }
    const records = await this.profiles.insertWith(
      actor,
      items.length,
      async (tx) => {
        const groupIds = await this.groupsByName(tx, actor, items.map((item) => item.groupName));
        return items.map((item, i): ProfileSettings => {
          const { groupName, ...rest } = item;
          const identity = generated.get(i);
          return profileSettingsSchema.parse({
            ...rest,
            groupId: groupIds.get(groupName.toLowerCase()) ?? '0',
            userAgent: item.userAgent || identity!.userAgent,
            resolution: item.resolution || identity!.resolution,
            fingerprint: identity && !item.userAgent ? { ...item.fingerprint, ...identity.fingerprint } : item.fingerprint,
          });
        });
      },
      'profile.import',
    );
    return records.map((r) => r.id);
  }

  /** The actor's groups by name (any case), the missing ones made in the import's transaction. */
  private async groupsByName(tx: Store, actor: Account, names: string[]): Promise<Map<string, string>> {
    const repo = tx.groups;
    const byName = new Map((await repo.list(actor.id)).map((g) => [g.name.toLowerCase(), g.id]));
    for (const name of new Set(names.filter(Boolean))) {
      if (byName.has(name.toLowerCase())) continue;
      const id = newId('grp');
      await repo.insert({ id, owner_id: actor.id, name, icon: 1, sort: 0, created_at: this.clock.now() });
      byName.set(name.toLowerCase(), id);
    }
    return byName;
  }
}
