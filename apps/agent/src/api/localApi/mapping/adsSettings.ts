import {
  deviceMemories,
  isKnownKernelVersion,
  parseCookieText,
  type AdsProfileBody,
  type Cookie,
  type FingerprintConfig,
  type FingerprintOptions,
  type OperatingSystem,
  type ProfileSettings,
  type Proxy,
  type UserProxyConfig,
} from '@facet/contracts';
import { LocalApiFailure } from '../failures.ts';

/**
 * AdsPower's profile fields onto Facet's settings: `base` is the profile as it is (update) or a
 * generated, consistent one (create), and only what the script sent changes. Pure: no server,
 * no browser. docs/local-api.md has the table of where each field goes.
 */
export function applyAdsProfile(base: ProfileSettings, body: AdsProfileBody): ProfileSettings {
  const config = body.fingerprint_config ?? {};
  const startPage = body.domain_name ?? body.platform ?? body.open_urls?.[0] ?? body.tabs?.[0];
  const ua = config.ua?.trim();
  const kernel = kernelVersionOf(config);
  const settings: ProfileSettings = {
    ...base,
    ...(body.name ? { name: body.name } : {}),
    ...(body.group_id !== undefined ? { groupId: body.group_id } : {}),
    ...(body.remark !== undefined ? { remark: body.remark } : {}),
    ...(startPage !== undefined ? { startPage } : {}),
    ...(ua ? { userAgent: ua, os: osOfUserAgent(ua) ?? base.os } : {}),
    ...(kernel ? { kernelVersion: kernel } : {}),
    ...(config.screen_resolution && /_/.test(config.screen_resolution) ? { resolution: config.screen_resolution.replace('_', 'x') } : {}),
    ...localeOf(config, base),
    proxy: proxyOf(body, base.proxy),
    fingerprint: fingerprintOf(config, base.fingerprint),
    cookies: body.cookie === undefined ? base.cookies : cookiesOf(body.cookie, body.ignore_cookie_error === true),
  };
  if (body.launch_args !== undefined) settings.fingerprint = { ...settings.fingerprint, commandLine: body.launch_args.join('\n') };
  return settings;
}

/** The plugin a profile's `category_id` (v1 `sys_app_cate_id`) names; null for none or "0". */
export function categoryOf(body: AdsProfileBody): string | null {
  const id = body.category_id ?? body.sys_app_cate_id;
  return id === undefined || id === '0' ? null : id;
}

/** The operating system a user agent names; null when it names none we know. */
export function osOfUserAgent(userAgent: string): OperatingSystem | null {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  if (/Windows NT/.test(userAgent)) return 'windows';
  if (/Macintosh|Mac OS X/.test(userAgent)) return 'macos';
  if (/Linux|X11|CrOS/.test(userAgent)) return 'linux';
  return null;
}

/** The system AdsPower's `random_ua.ua_system_version` asks for ("Windows 10", "Mac OS X 14", "Android"). */
export function osOfRandomUa(config: FingerprintConfig | undefined): OperatingSystem | null {
  const wanted = (config?.random_ua as { ua_system_version?: unknown } | undefined)?.ua_system_version;
  const first = Array.isArray(wanted) && typeof wanted[0] === 'string' ? wanted[0] : '';
  if (/^Windows/.test(first)) return 'windows';
  if (/^Mac OS X/.test(first)) return 'macos';
  if (/^Android/.test(first)) return 'android';
  if (/^iOS/.test(first)) return 'ios';
  if (/^Linux/.test(first)) return 'linux';
  return null;
}

/** A Chromium major from `browser_kernel_config`; another browser than Chrome is refused. */
export function kernelVersionOf(config: FingerprintConfig): string | null {
  const kernel = config.browser_kernel_config;
  if (!kernel) return null;
  if (kernel.type !== undefined && kernel.type !== 'chrome') throw new LocalApiFailure('kernel_unsupported', 200, { type: kernel.type });
  // The schema took only a known major or `ua_auto` (keep the profile's).
  return kernel.version && isKnownKernelVersion(kernel.version) ? kernel.version : null;
}

/** AdsPower's "follow the IP" switches empty Facet's fields, which then follow the proxy's exit. */
function localeOf(config: FingerprintConfig, base: ProfileSettings): Pick<ProfileSettings, 'timezone' | 'language'> {
  const timezone = config.automatic_timezone === '1' ? '' : config.timezone?.trim() || base.timezone;
  const language = config.language_switch === '1' ? '' : config.language?.length ? config.language.join(',') : base.language;
  return { timezone, language };
}

function proxyOf(body: AdsProfileBody, current: Proxy): Proxy {
  // A proxy of AdsPower's list or a provider's integration would be dropped: the browser would go
  // out on this machine's own address. Refused instead.
  if (body.proxyid !== undefined && body.proxyid !== '') throw new LocalApiFailure('proxy_unsupported', 200, { proxyid: body.proxyid });
  const config: UserProxyConfig | undefined = body.user_proxy_config;
  const country = body.country ? body.country.toUpperCase() : current.country;
  if (!config) return { ...current, country };
  if (config.proxy_soft === 'no_proxy' || config.proxy_type === 'no_proxy') {
    return { type: 'none', host: '', port: 0, username: '', password: '', country, direct: true };
  }
  if (config.proxy_soft !== 'other' || !config.proxy_type) throw new LocalApiFailure('proxy_unsupported', 200, { proxy_soft: config.proxy_soft });
  return {
    type: config.proxy_type,
    host: config.proxy_host ?? '',
    port: config.proxy_port ?? 0,
    username: config.proxy_user ?? '',
    password: config.proxy_password ?? '',
    country,
    direct: false,
  };
}

/** AdsPower's "1": add noise; "0": the computer's own. Facet's native canvas rendering counts as protected already. */
const noiseOf = (flag: string | undefined, current: 'noise' | 'real'): 'noise' | 'real' => (flag === '1' ? 'noise' : flag === '0' ? 'real' : current);

const webrtcModes = { disabled: 'disabled', disableUDP: 'disabled', forward: 'forward', proxy: 'replace', local: 'real' } as const;
const doNotTrack = { default: 'unset', true: '1', false: '0' } as const;

/** navigator.deviceMemory reports powers of two: AdsPower's 6 GB reads as 4. */
function deviceMemoryOf(value: string | number): FingerprintOptions['navigator']['deviceMemory'] {
  const gib = Number(value);
  return [...deviceMemories].reverse().find((allowed) => allowed > 0 && allowed <= gib) ?? 0;
}

function fingerprintOf(config: FingerprintConfig, fp: FingerprintOptions): FingerprintOptions {
  const navigator = { ...fp.navigator };
  if (config.hardware_concurrency !== undefined && config.hardware_concurrency !== 'default') navigator.hardwareConcurrency = config.hardware_concurrency;
  if (config.device_memory !== undefined) navigator.deviceMemory = config.device_memory === 'default' ? 0 : deviceMemoryOf(config.device_memory);
  if (config.do_not_track) navigator.doNotTrack = doNotTrack[config.do_not_track];
  const geolocation = { ...fp.geolocation };
  if (config.location) geolocation.mode = config.location;
  if (config.location_switch !== undefined) geolocation.byIp = config.location_switch === '1';
  if (config.latitude !== undefined) geolocation.latitude = config.latitude;
  if (config.longitude !== undefined) geolocation.longitude = config.longitude;
  if (config.accuracy !== undefined) geolocation.accuracy = config.accuracy;
  const media = config.media_devices_num;
  return {
    ...fp,
    navigator,
    geolocation,
    ...(config.canvas === '0' ? { canvas: 'real' as const } : config.canvas === '1' && fp.canvas === 'real' ? { canvas: 'noise' as const } : {}),
    webglImage: noiseOf(config.webgl_image, fp.webglImage),
    audio: noiseOf(config.audio, fp.audio),
    ...(config.webgl === '0' ? { webglMetadata: { ...fp.webglMetadata, mode: 'real' as const } } : {}),
    ...(config.webgl === '2' && config.webgl_config ? { webglMetadata: { mode: 'custom' as const, vendor: config.webgl_config.unmasked_vendor, renderer: config.webgl_config.unmasked_renderer } } : {}),
    ...(config.webgl === '3' ? { webglMetadata: { ...fp.webglMetadata, mode: 'custom' as const } } : {}),
    ...(config.webrtc ? { webrtc: webrtcModes[config.webrtc] } : {}),
    ...(config.fonts ? { fonts: config.fonts.includes('all') ? { mode: 'real' as const, list: [] } : { mode: 'custom' as const, list: config.fonts } } : {}),
    ...(config.language_switch !== undefined ? { languageByIp: config.language_switch === '1' } : config.language?.length ? { languageByIp: false } : {}),
    ...(config.automatic_timezone !== undefined ? { timezoneByIp: config.automatic_timezone === '1' } : config.timezone ? { timezoneByIp: false } : {}),
    portScanProtection: {
      enabled: config.scan_port_type === undefined ? fp.portScanProtection.enabled : config.scan_port_type === '1',
      whitelist: config.allow_scan_ports ? config.allow_scan_ports.join(',') : fp.portScanProtection.whitelist,
    },
    ...(config.media_devices === '0' ? { mediaDevices: { ...fp.mediaDevices, mode: 'real' as const } } : {}),
    ...(config.media_devices === '1' || config.media_devices === '2'
      ? {
          mediaDevices: {
            mode: 'custom' as const,
            audioInputs: media?.audioinput_num ?? fp.mediaDevices.audioInputs,
            videoInputs: media?.videoinput_num ?? fp.mediaDevices.videoInputs,
            audioOutputs: media?.audiooutput_num ?? fp.mediaDevices.audioOutputs,
          },
        }
      : {}),
    ...(config.device_name_switch === '0' ? { deviceName: '' } : config.device_name_switch === '2' && config.device_name !== undefined ? { deviceName: config.device_name } : {}),
    ...(config.mac_address_config ? { macAddress: config.mac_address_config.model === '2' ? (config.mac_address_config.address ?? '') : '' } : {}),
    ...(config.tls_switch === '0' ? { ssl: { mode: 'default' as const, disabledCiphers: [] } } : {}),
    ...(config.tls_switch === '1' && config.tls ? { ssl: { mode: 'custom' as const, disabledCiphers: config.tls.split(',').map((code) => code.trim()).filter(Boolean) } } : {}),
  };
}

/**
 * `cookie`: JSON (an array or its text) or Netscape text. A bad cookie refuses the profile,
 * unless `ignore_cookie_error` is set: then only the good ones of a JSON array are kept.
 */
function cookiesOf(cookie: string | unknown[], ignoreErrors: boolean): Cookie[] {
  const text = typeof cookie === 'string' ? cookie : JSON.stringify(cookie);
  if (text.trim() === '' || text.trim() === '[]') return [];
  const parsed = parseCookieText(text);
  if (parsed.ok) return parsed.cookies;
  // The cookie by its row (the array index + 1), the field the cookie rule refuses, and why.
  if (!ignoreErrors) throw new LocalApiFailure('cookie_invalid', 200, { row: parsed.row, key: parsed.key, ...(parsed.field ? { field: parsed.field } : {}) });
  const items = Array.isArray(cookie) ? cookie : safeArray(text);
  return items.flatMap((item) => {
    const one = parseCookieText(JSON.stringify([item]));
    return one.ok ? one.cookies : [];
  });
}

function safeArray(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}
