import {
  UNGROUPED_ID,
  normaliseStartPage,
  profileSettingsSchema,
  storedCookieSchema,
  type AccountRef,
  type Cookie,
  type Profile,
  type ProfileLease,
  type ProfileRow,
  type ProfileSettings,
  type SharePermission,
  type Tag,
} from '@facet/contracts';
import { z } from 'zod';
import type { ProfileListRecord, ProfileRecord } from '../repositories/profiles.ts';
import type { SealBinding } from '../security/sealedValue.ts';
import type { SecretBox } from '../crypto/secretBox.ts';
import { readableProxyHost, withinFieldRules } from './storedFieldRules.ts';

/**
 * Settings read back from a row. Cookies stored before the cookie rule (contracts cookieRule.ts)
 * read as they are: refusing them here would fail every read of the profile, and a start skips
 * what the rule refuses and says so.
 */
const storedProfileSettingsSchema = profileSettingsSchema.extend({ cookies: z.array(storedCookieSchema) });

/** The settings kept as JSON: everything that is neither a list column nor a secret. */
type StoredSettings = Omit<ProfileSettings, 'name' | 'groupId' | 'remark' | 'os' | 'iconId' | 'cookies' | 'proxy'> & {
  proxy: { type: ProfileSettings['proxy']['type'] };
};
interface StoredSecrets {
  proxyUsername: string;
  proxyPassword: string;
  cookies: Cookie[];
}

/** What an unreadable `secrets` reads as: no proxy account, no cookies (secretBox.ts: openOr). */
const NO_SECRETS = JSON.stringify({ proxyUsername: '', proxyPassword: '', cookies: [] } satisfies StoredSecrets);

/** A profile's secrets are sealed with its owner's key, bound to the profile's row. */
export function profileSecretsBinding(ownerId: string, profileId: string): SealBinding {
  return { accountId: ownerId, table: 'profiles', rowId: profileId, field: 'secrets' };
}

/** The profile's state sync key: the owner's key, bound to the row and its own field. */
export function profileSyncKeyBinding(ownerId: string, profileId: string): SealBinding {
  return { accountId: ownerId, table: 'profiles', rowId: profileId, field: 'sync_key' };
}

/** Columns and sealed JSON for a profile's settings, for the row `row` (its owner's key, ready). */
export function settingsToColumns(settings: ProfileSettings, box: SecretBox, row: { ownerId: string; id: string }) {
  const { name, groupId, remark, os, iconId, cookies, proxy, ...rest } = settings;
  const stored: StoredSettings = { ...rest, proxy: { type: proxy.type } };
  const secrets: StoredSecrets = { proxyUsername: proxy.username, proxyPassword: proxy.password, cookies };
  return {
    name,
    group_id: groupId === UNGROUPED_ID ? null : groupId,
    remark,
    os,
    icon_id: iconId,
    proxy_type: proxy.type,
    proxy_host: proxy.host,
    proxy_port: proxy.port,
    proxy_country: proxy.country,
    proxy_direct: proxy.direct ? 1 : 0,
    proxy_has_credentials: proxy.username || proxy.password ? 1 : 0,
    settings: JSON.stringify(stored),
    secrets: box.seal(profileSecretsBinding(row.ownerId, row.id), JSON.stringify(secrets)),
  } satisfies Partial<ProfileRecord>;
}

/**
 * The full settings back from a row; parsed through the schema so old rows gain new defaults.
 * Secrets that do not open in this row (copied from another) read as none, with a warning.
 */
export function columnsToSettings(record: ProfileRecord, box: SecretBox): ProfileSettings {
  // Values stored before the field rules read as the nearest ones the rules take (storedFieldRules.ts).
  const stored = withinFieldRules(JSON.parse(record.settings) as StoredSettings);
  const secrets = JSON.parse(box.openOr(profileSecretsBinding(record.owner_id, record.id), record.secrets, NO_SECRETS)) as StoredSecrets;
  return storedProfileSettingsSchema.parse({
    ...stored,
    // Rows saved before start pages were checked may hold one that is no address: read as none.
    startPage: normaliseStartPage(stored.startPage ?? '') ?? '',
    name: record.name,
    groupId: record.group_id ?? UNGROUPED_ID,
    remark: record.remark,
    os: record.os,
    iconId: record.icon_id,
    cookies: secrets.cookies,
    proxy: {
      type: record.proxy_type,
      host: readableProxyHost(record.proxy_type, record.proxy_host),
      port: record.proxy_port,
      username: secrets.proxyUsername,
      password: secrets.proxyPassword,
      country: record.proxy_country,
      direct: record.proxy_direct === 1,
    },
  });
}

/**
 * The profile's secrets sealed again for a new owner (a transfer): the old owner's key and
 * binding no longer open them once the row is theirs. Unreadable ones go over as none.
 */
export function resealProfileSecrets(record: ProfileRecord, box: SecretBox, newOwnerId: string): { secrets: string; syncKey: string } {
  const plain = box.openOr(profileSecretsBinding(record.owner_id, record.id), record.secrets, NO_SECRETS);
  // Its stored state stays readable for the new owner's team: the key goes along, sealed anew.
  const syncKey = record.sync_key ? box.openOr(profileSyncKeyBinding(record.owner_id, record.id), record.sync_key, '') : '';
  return { secrets: box.seal(profileSecretsBinding(newOwnerId, record.id), plain), syncKey: syncKey ? box.seal(profileSyncKeyBinding(newOwnerId, record.id), syncKey) : '' };
}

export function toProfile(
  record: ProfileRecord,
  box: SecretBox,
  extra: { groupName: string; owner: AccountRef; members: AccountRef[]; sharer: AccountRef | null; permission: SharePermission | null },
): Profile {
  // Always the owner's key and binding, also for a recipient of a share.
  const settings = columnsToSettings(record, box);
  if (extra.sharer) {
    // A shared profile must not run the owner's code on the recipient's machine (architecture:
    // guard the launch), so recipients never receive the command line or a fixed debug port.
    settings.fingerprint.commandLine = '';
    settings.fingerprint.remoteDebug.port = 0;
  }
  return {
    ...settings,
    id: record.id,
    serial: record.serial,
    createdAt: record.created_at,
    lastUsedAt: record.last_used_at,
    ...extra,
  };
}

export function toProfileRow(record: ProfileListRecord, tags: Tag[] = [], runningOn: ProfileLease | null = null): ProfileRow {
  return {
    id: record.id,
    serial: record.serial,
    name: record.name,
    groupId: record.group_id ?? UNGROUPED_ID,
    groupName: record.group_name ?? '',
    remark: record.remark,
    os: record.os as ProfileRow['os'],
    iconId: record.icon_id,
    proxy: {
      type: record.proxy_type as ProfileRow['proxy']['type'],
      host: record.proxy_host,
      port: record.proxy_port,
      country: record.proxy_country,
      direct: record.proxy_direct === 1,
      hasCredentials: record.proxy_has_credentials === 1,
    },
    createdAt: record.created_at,
    lastUsedAt: record.last_used_at,
    memberCount: record.member_count,
    sharer: record.sharer_id ? { id: record.sharer_id, name: record.sharer_name ?? '' } : null,
    permission: record.permission,
    tags,
    runningOn,
  };
}
