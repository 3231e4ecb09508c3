import { z } from 'zod';
import { hasControlCharacters, isKnownKernelVersion, isLanguageTag, isTimeZone, parseResolution } from '../profiles/profileFieldRules.ts';
import { isHostOrAddress } from '../validation.ts';
import { flagField, intField, listField, looseIdField } from './fields.ts';

/**
 * AdsPower's profile as scripts create and edit it (`/api/v1/user/create`, `/update`,
 * `/api/v2/browser-profile/create`, `/update`), by its documented names. Fields Facet has no
 * place for (platform log-ins, 2FA keys, tags, deduplication) are accepted and left aside, as
 * AdsPower leaves aside what a script does not send; what would change where a browser goes out
 * (a proxy provider or saved proxy Facet does not have) is refused instead, never dropped.
 */

const flagString = z.union([z.enum(['0', '1']), z.literal(0), z.literal(1)]).transform(String);

/** `user_proxy_config`: `no_proxy`, or `other` with a type, host and port. */
export const userProxyConfigSchema = z.looseObject({
  proxy_soft: z.string().max(40),
  proxy_type: z.enum(['http', 'https', 'socks5', 'no_proxy']).optional(),
  /** A host name or IP address (validation.ts), checked here so the refusal names AdsPower's field. */
  proxy_host: z.string().trim().max(255).refine((host) => host === '' || isHostOrAddress(host)).optional(),
  proxy_port: intField(0, 65535).optional(),
  proxy_user: z.string().max(255).optional(),
  proxy_password: z.string().max(255).optional(),
  proxy_url: z.string().max(2000).optional(),
  global_config: flagString.optional(),
});
export type UserProxyConfig = z.output<typeof userProxyConfigSchema>;

/** `fingerprint_config`, the fields Facet maps (docs/local-api.md lists where each goes). */
export const fingerprintConfigSchema = z.looseObject({
  ua: z.string().max(1024).optional(),
  automatic_timezone: flagString.optional(),
  timezone: z.string().trim().max(64).refine((zone) => zone === '' || isTimeZone(zone)).optional(),
  language_switch: flagString.optional(),
  language: listField(z.string().max(35).refine(isLanguageTag), 20).optional(),
  location_switch: flagString.optional(),
  location: z.enum(['ask', 'allow', 'block']).optional(),
  longitude: z.union([z.number(), z.string()]).transform(Number).pipe(z.number().min(-180).max(180)).optional(),
  latitude: z.union([z.number(), z.string()]).transform(Number).pipe(z.number().min(-90).max(90)).optional(),
  accuracy: intField(1, 100_000).optional(),
  screen_resolution: z.union([z.enum(['none', 'random']), z.string().regex(/^\d{1,6}_\d{1,6}$/).refine((size) => parseResolution(size.replace('_', 'x')) !== null)]).optional(),
  fonts: listField(z.string().min(1).max(100), 1000).optional(),
  canvas: flagString.optional(),
  webgl_image: flagString.optional(),
  webgl: z.union([z.enum(['0', '2', '3']), z.literal(0), z.literal(2), z.literal(3)]).transform(String).optional(),
  webgl_config: z.looseObject({ unmasked_vendor: z.string().max(200), unmasked_renderer: z.string().max(300) }).optional(),
  audio: flagString.optional(),
  webrtc: z.enum(['disabled', 'forward', 'proxy', 'local', 'disableUDP']).optional(),
  do_not_track: z.enum(['default', 'true', 'false']).optional(),
  hardware_concurrency: z.union([z.literal('default'), intField(1, 128)]).optional(),
  device_memory: z.union([z.literal('default'), z.enum(['0.25', '0.5', '1', '2', '4', '6', '8', '16', '32']), z.number()]).optional(),
  scan_port_type: flagString.optional(),
  allow_scan_ports: listField(z.union([z.string(), z.number()]).transform(String), 200).optional(),
  media_devices: z.union([z.enum(['0', '1', '2']), z.literal(0), z.literal(1), z.literal(2)]).transform(String).optional(),
  media_devices_num: z
    .looseObject({ audioinput_num: intField(0, 8).optional(), videoinput_num: intField(0, 8).optional(), audiooutput_num: intField(0, 8).optional() })
    .optional(),
  device_name_switch: z.union([z.enum(['0', '1', '2']), z.literal(0), z.literal(1), z.literal(2)]).transform(String).optional(),
  device_name: z.string().max(63).optional(),
  mac_address_config: z.looseObject({ model: z.union([z.string(), z.number()]).transform(String), address: z.string().max(17).optional() }).optional(),
  /** `version`: a Chromium major of the known list (profileFieldRules.ts), or `ua_auto` to keep the profile's. */
  browser_kernel_config: z
    .looseObject({
      version: z
        .union([z.string(), z.number()])
        .transform(String)
        .refine((version) => version === '' || version === 'ua_auto' || isKnownKernelVersion(version))
        .optional(),
      type: z.string().max(20).optional(),
    })
    .optional(),
  tls_switch: flagString.optional(),
  tls: z.string().max(1000).optional(),
});
export type FingerprintConfig = z.output<typeof fingerprintConfigSchema>;

/** A URL or bare host a profile opens at start. */
const urlText = z.string().trim().max(2048);

/** The profile's fields of create and update, v1 and v2 alike. */
export const adsProfileFields = {
  name: z.string().trim().max(100).optional(),
  group_id: looseIdField.optional(),
  remark: z.string().max(1500).optional(),
  /** v1's platform (opened at start), `platform` in v2. */
  domain_name: urlText.optional(),
  platform: urlText.optional(),
  /** v1's other pages to open, `tabs` in v2: the first becomes the start page when no platform is given. */
  open_urls: listField(urlText, 50).optional(),
  tabs: listField(urlText, 50).optional(),
  /** Cookies as JSON (an array, or its text) or Netscape cookies.txt. */
  cookie: z.union([z.string().max(4_000_000), z.array(z.unknown()).max(5000)]).optional(),
  ignore_cookie_error: flagField.optional(),
  /** The country the exit is expected in (two letters). */
  country: z.string().trim().max(2).optional(),
  /** v1's application category, `category_id` in v2: a plugin of the team (application/list), loaded by this profile. */
  sys_app_cate_id: looseIdField.optional(),
  category_id: looseIdField.optional(),
  /** A saved proxy of AdsPower's proxy list: Facet refuses it (proxy_unsupported) rather than start without. */
  proxyid: z.union([z.string(), z.number()]).transform(String).optional(),
  user_proxy_config: userProxyConfigSchema.optional(),
  fingerprint_config: fingerprintConfigSchema.optional(),
  /** v2 update: the profile's own switches (applied from the allowlist at each start). */
  launch_args: listField(z.string().trim().min(1).max(2000).refine((arg) => !hasControlCharacters(arg)), 50).optional(),
};

export const adsProfileBodySchema = z.looseObject(adsProfileFields);
export type AdsProfileBody = z.output<typeof adsProfileBodySchema>;

export const createdV1Schema = z.object({ id: z.string() });
export const createdV2Schema = z.object({ profile_id: z.string(), profile_no: z.string() });

/** Facet's own `POST /api/v1/profile/create`: its settings by Facet's names; everything but the name may be left out. */
export const facetCreateBodySchema = z.looseObject({ name: z.string({ error: 'name_required' }).trim().min(1, { error: 'name_required' }).max(100) });
