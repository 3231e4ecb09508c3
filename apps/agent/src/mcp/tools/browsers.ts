import { z } from 'zod';
import { id, ids, groupId, page, shortText, switch01 } from './limits.ts';
import type { LocalApiTool } from './localApiTool.ts';

/**
 * AdsPower's browser (profile) tools, each on the local API path of the same AdsPower name
 * (docs/local-api.md). "Browser", "profile" and "environment" are one thing in AdsPower's words.
 */
const profileRef = {
  profile_id: id.optional().describe('The profile id; either profile_id or profile_no'),
  profile_no: shortText(20).optional().describe('The profile number; profile_id wins when both are given'),
};

const userProxyConfig = z
  .object({
    proxy_soft: z.enum(['brightdata', 'brightauto', 'oxylabsauto', '922S5auto', 'ipideeauto', 'ipfoxyauto', '922S5auth', 'kookauto', 'ssh', 'other', 'no_proxy']),
    proxy_type: z.enum(['http', 'https', 'socks5', 'no_proxy']).optional(),
    proxy_host: shortText(255).optional().describe('e.g. 127.0.0.1'),
    proxy_port: z.string().regex(/^\d{1,5}$/).optional().describe('e.g. "8080"'),
    proxy_user: shortText(255).optional(),
    proxy_password: shortText(255).optional(),
    proxy_url: shortText(2048).optional().describe('A URL that changes the proxy\'s exit IP'),
    global_config: switch01.optional(),
  })
  .describe('The profile\'s own proxy; proxyid (a saved proxy) wins when both are given');

// The fingerprint is AdsPower's fingerprint_config (docs/local-api.md, "Profile fields"); the local
// API checks each field against its contract, so here it is only bounded in size.
const fingerprintConfig = z
  .record(z.string().max(64), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 20_000, 'fingerprint_config is larger than 20000 characters')
  .describe('AdsPower\'s fingerprint_config: ua, random_ua, timezone, language, screen_resolution, webrtc, canvas, webgl, … (docs/local-api.md "Profile fields")');

const profileFields = {
  name: shortText(100).optional().describe('Profile name'),
  remark: shortText(1500).optional(),
  platform: shortText(255).optional().describe('Platform domain, e.g. facebook.com'),
  username: shortText(255).optional().describe('The platform account\'s user name'),
  password: shortText(255).optional().describe('The platform account\'s password'),
  fakey: shortText(255).optional().describe('2FA key'),
  cookie: shortText(1_000_000).optional().describe('Cookies as a JSON array or Netscape text'),
  ignore_cookie_error: switch01.optional(),
  tabs: z.array(shortText(2048)).max(50).optional().describe('URLs opened at start'),
  ip: shortText(64).optional(),
  country: z.string().regex(/^[a-z]{2}$/).optional().describe('ISO 3166-1 alpha-2, lower case'),
  region: shortText(100).optional(),
  city: shortText(100).optional(),
  ipchecker: z.enum(['ip2location', 'ipapi', 'ipfoxy']).optional(),
  category_id: shortText(64).optional().describe('An application category (get-application-list)'),
  user_proxy_config: userProxyConfig.optional(),
  proxyid: shortText(64).optional().describe('A saved proxy (get-proxy-list)'),
  fingerprint_config: fingerprintConfig.optional(),
  profile_tag_ids: z.array(id).max(30).optional().describe('Tags (get-tag-list), at most 30'),
  platform_account: z
    .object({ domain_name: shortText(255).min(1), login_user: shortText(255).min(1), password: shortText(255).optional(), fakey: shortText(255).optional() })
    .optional(),
};

export const browserTools: readonly LocalApiTool[] = [
  {
    name: 'open-browser',
    description: 'Open (start) a profile\'s browser on this machine, or get the one running. Answers ws.puppeteer: pass it to connect-browser-with-ws to drive pages.',
    method: 'POST',
    path: '/api/v2/browser-profile/start',
    input: {
      ...profileRef,
      ip_tab: switch01.optional().describe('1: also open the IP check tab'),
      launch_args: z.union([shortText(4000), z.array(shortText(500)).max(50)]).optional().describe('Chromium switches from the allowlist, e.g. ["--disable-notifications"]'),
      headless: switch01.optional().describe('1: no window'),
      last_opened_tabs: switch01.optional(),
      proxy_detection: switch01.optional(),
      password_filling: switch01.optional(),
      password_saving: switch01.optional(),
      delete_cache: switch01.optional().describe('1: clear the cache when the browser closes'),
      cdp_mask: switch01.optional().describe('1 (Facet\'s default): pages cannot tell a client is attached'),
      device_scale: shortText(10).optional(),
    },
  },
  { name: 'close-browser', description: 'Close a profile\'s browser; its cookies are saved as its sync options say.', method: 'POST', path: '/api/v2/browser-profile/stop', input: profileRef },
  {
    name: 'create-browser',
    description: 'Create a profile; what is left out comes from a generated, consistent fingerprint. Answers its profile_id.',
    method: 'POST',
    path: '/api/v2/browser-profile/create',
    input: {
      group_id: groupId.describe('The group (get-group-list); "0" for none'),
      ...profileFields,
      repeat_config: z.enum(['0', '2', '3', '4']).optional(),
    },
  },
  {
    name: 'update-browser',
    description: 'Change the given fields of a profile; the rest stays.',
    method: 'POST',
    path: '/api/v2/browser-profile/update',
    input: {
      profile_id: id,
      group_id: groupId.optional(),
      ...profileFields,
      launch_args: shortText(4000).optional(),
      tags_update_type: z.enum(['1', '2']).optional().describe('1: replace the tags, 2: add to them'),
    },
  },
  { name: 'delete-browser', description: 'Move profiles to the recycle bin.', method: 'POST', path: '/api/v2/browser-profile/delete', input: { profile_id: ids(100) } },
  {
    name: 'get-browser-list',
    description: 'The account\'s profiles, with their proxies but never proxy credentials.',
    method: 'POST',
    path: '/api/v2/browser-profile/list',
    input: {
      group_id: groupId.optional(),
      limit: z.number().int().min(1).max(100).optional().describe('Profiles per page, 1–100'),
      page,
      profile_id: ids(100).optional(),
      profile_no: z.array(shortText(20)).min(1).max(100).optional(),
      sort_type: z.enum(['profile_no', 'last_open_time', 'created_time']).optional(),
      sort_order: z.enum(['asc', 'desc']).optional(),
      tag_ids: ids(100).optional(),
      tags_filter: z.enum(['include', 'exclude']).optional(),
      name: shortText(100).optional(),
      name_filter: z.enum(['include', 'exclude']).optional(),
    },
  },
  { name: 'get-opened-browser', description: 'Every profile\'s browser running on this machine, with where scripts attach.', method: 'GET', path: '/api/v1/browser/local-active', input: {} },
  { name: 'move-browser', description: 'Move profiles into a group ("0": no group).', method: 'POST', path: '/api/v1/user/regroup', input: { group_id: groupId, user_ids: ids(1000) } },
  { name: 'get-profile-cookies', description: 'A profile\'s cookies: its running browser\'s, else the stored ones.', method: 'GET', path: '/api/v2/browser-profile/cookies', input: profileRef },
  {
    name: 'get-profile-ua',
    description: 'The user agents of up to 10 profiles.',
    method: 'POST',
    path: '/api/v2/browser-profile/ua',
    input: { profile_id: ids(10).optional(), profile_no: z.array(shortText(20)).min(1).max(10).optional() },
  },
  { name: 'close-all-profiles', description: 'Close every profile\'s browser on this machine.', method: 'POST', path: '/api/v2/browser-profile/stop-all', input: {} },
  {
    name: 'new-fingerprint',
    description: 'Give up to 10 profiles a newly generated fingerprint.',
    method: 'POST',
    path: '/api/v2/browser-profile/new-fingerprint',
    input: { profile_id: ids(10).optional(), profile_no: z.array(shortText(20)).min(1).max(10).optional() },
  },
  {
    name: 'delete-cache-v2',
    description: 'Clear parts of profiles\' local data; their browsers must be closed.',
    method: 'POST',
    path: '/api/v2/browser-profile/delete-cache',
    input: { profile_id: ids(100), type: z.array(z.enum(['local_storage', 'indexeddb', 'extension_cache', 'cookie', 'history', 'image_file'])).min(1).max(6) },
  },
  {
    name: 'share-profile',
    description: 'Share up to 200 profiles with another account, named by e-mail, to run them.',
    method: 'POST',
    path: '/api/v2/browser-profile/share',
    input: {
      profile_id: ids(200),
      receiver: shortText(254).min(1).describe('The receiving account\'s e-mail'),
      share_type: z.number().int().min(1).max(2).optional().describe('1: by e-mail (default), 2: by phone'),
      content: z.array(z.enum(['name', 'proxy', 'remark', 'tabs'])).max(4).optional(),
    },
  },
  { name: 'get-browser-active', description: 'Whether a profile\'s browser runs on this machine, and where scripts attach.', method: 'GET', path: '/api/v2/browser-profile/active', input: profileRef },
  {
    name: 'get-cloud-active',
    description: 'Which of up to 100 profiles run, on any of the account\'s machines.',
    method: 'POST',
    path: '/api/v1/browser/cloud-active',
    input: { user_ids: z.string().min(1).max(6500).refine((value) => value.split(',').length <= 100, 'at most 100 profile ids').describe('Profile ids, split by commas') },
  },
];

/** Facet's own: the fingerprint check page, which AdsPower's tool set has no counterpart of. */
export const facetTools: readonly LocalApiTool[] = [
  {
    name: 'check_profile',
    description: 'Open the fingerprint check page in the profile (starting it if needed): what sites see, against what the profile should show.',
    method: 'GET',
    path: '/api/v1/browser/check',
    input: { profile_id: id, lang: shortText(10).optional().describe('A locale tag, e.g. en-US or de') },
  },
];
