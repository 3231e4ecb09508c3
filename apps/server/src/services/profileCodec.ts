import {
  UNGROUPED_ID,
  normaliseStartPage,
  profileSettingsSchema,
  type AccountRef,
  type Cookie,
  type Profile,
  type ProfileRow,
  type ProfileSettings,
  type SharePermission,
  type Tag,
} from '@facet/contracts';
import type { ProfileListRecord, ProfileRecord } from '../repositories/profiles.ts';
import type { DataCipher } from '../security/dataCipher.ts';

/** The settings kept as JSON: everything that is neither a list column nor a secret. */
type StoredSettings = Omit<ProfileSettings, 'name' | 'groupId' | 'remark' | 'os' | 'iconId' | 'cookies' | 'proxy'> & {
  proxy: { type: ProfileSettings['proxy']['type'] };
};
interface StoredSecrets {
  proxyUsername: string;
  proxyPassword: string;
  cookies: Cookie[];
}

/** Columns and sealed JSON for a profile's settings. */
export function settingsToColumns(settings: ProfileSettings, cipher: DataCipher) {
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
    secrets: cipher.encrypt(JSON.stringify(secrets)),
  } satisfies Partial<ProfileRecord>;
}

/** The full settings back from a row; parsed through the schema so old rows gain new defaults. */
export function columnsToSettings(record: ProfileRecord, cipher: DataCipher): ProfileSettings {
  const stored = JSON.parse(record.settings) as StoredSettings;
  const secrets = JSON.parse(cipher.decrypt(record.secrets)) as StoredSecrets;
  return profileSettingsSchema.parse({
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
      host: record.proxy_host,
      port: record.proxy_port,
      username: secrets.proxyUsername,
      password: secrets.proxyPassword,
      country: record.proxy_country,
      direct: record.proxy_direct === 1,
    },
  });
}

export function toProfile(
  record: ProfileRecord,
  cipher: DataCipher,
  extra: { groupName: string; owner: AccountRef; members: AccountRef[]; sharer: AccountRef | null; permission: SharePermission | null },
): Profile {
  const settings = columnsToSettings(record, cipher);
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

export function toProfileRow(record: ProfileListRecord, tags: Tag[] = []): ProfileRow {
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
  };
}
