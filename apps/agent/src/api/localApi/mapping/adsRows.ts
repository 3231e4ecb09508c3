import type { Cookie, ProfileRow, Group, LocalRouteData, Plugin } from '@facet/contracts';

/** Facet's rows by AdsPower's names. Times are seconds since the epoch as strings, '' for never. */

type RowV1 = LocalRouteData<'listV1'>['list'][number];
type RowV2 = LocalRouteData<'listV2'>['list'][number];

const seconds = (ms: number | null): string => (ms === null ? '' : String(Math.floor(ms / 1000)));

export function rowV1(row: ProfileRow): RowV1 {
  return {
    serial_number: String(row.serial),
    user_id: row.id,
    name: row.name,
    group_id: row.groupId,
    group_name: row.groupName,
    // A list row has no start page; the profile's own fields are read one by one (not in a list).
    domain_name: '',
    username: '',
    remark: row.remark,
    sys_app_cate_id: '0',
    created_time: seconds(row.createdAt),
    ip: row.proxy.host,
    ip_country: row.proxy.country.toLowerCase(),
    password: '',
    last_open_time: seconds(row.lastUsedAt),
  };
}

export function rowV2(row: ProfileRow): RowV2 {
  const proxied = row.proxy.type !== 'none';
  return {
    profile_id: row.id,
    profile_no: String(row.serial),
    name: row.name,
    group_id: row.groupId,
    group_name: row.groupName,
    remark: row.remark,
    platform: '',
    username: '',
    password: '',
    created_time: seconds(row.createdAt),
    last_open_time: seconds(row.lastUsedAt),
    ip: row.proxy.host,
    ip_country: row.proxy.country.toLowerCase(),
    ipchecker: '',
    fbcc_proxy_acc_id: '',
    category_id: '0',
    user_proxy_config: proxied
      ? { proxy_soft: 'other', proxy_type: row.proxy.type, proxy_host: row.proxy.host, proxy_port: String(row.proxy.port) }
      : { proxy_soft: 'no_proxy', proxy_type: '', proxy_host: '', proxy_port: '' },
  };
}

export const adsGroup = (group: Pick<Group, 'id' | 'name'>) => ({ group_id: group.id, group_name: group.name, remark: '' });

export const adsApplication = (plugin: Pick<Plugin, 'id' | 'name' | 'introduction'>) => ({ id: plugin.id, name: plugin.name, remark: plugin.introduction });

/** `data.cookies` of browser-profile/cookies: JSON text, as AdsPower answers it. */
export function adsCookies(cookies: readonly Cookie[]): string {
  return JSON.stringify(
    cookies.map((c) => ({
      name: c.name,
      value: c.value,
      domain: c.domain,
      path: c.path,
      httpOnly: c.httpOnly,
      secure: c.secure,
      session: c.expirationDate === undefined,
      expires: c.expirationDate ?? -1,
      sameSite: c.sameSite,
    })),
  );
}
