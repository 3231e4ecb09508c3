import { adsProfileBodySchema, profileSettingsSchema, type ProfileSettings } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { LocalApiFailure } from '../failures.ts';
import { applyAdsProfile, categoryOf, osOfRandomUa, osOfUserAgent } from './adsSettings.ts';

const base: ProfileSettings = profileSettingsSchema.parse({
  name: 'Profile',
  groupId: '0',
  os: 'windows',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  resolution: '1920x1080',
  kernelVersion: '156',
  proxy: { type: 'http', host: '10.0.0.1', port: 8080, username: 'u', password: 'p' },
  fingerprint: { canvas: 'rendering', navigator: { hardwareConcurrency: 8, deviceMemory: 8 }, commandLine: '--mute-audio' },
});

const apply = (body: unknown) => applyAdsProfile(base, adsProfileBodySchema.parse(body));

function refusal(fn: () => unknown): { code: string; data: unknown } {
  try {
    fn();
  } catch (error) {
    if (error instanceof LocalApiFailure) return { code: error.errorCode, data: error.data };
    throw error;
  }
  throw new Error('not refused');
}

describe('AdsPower profile fields onto Facet settings', () => {
  it('changes only what the script sent', () => {
    expect(apply({})).toEqual(base);
    expect(apply({ remark: 'note' })).toEqual({ ...base, remark: 'note' });
  });

  it('maps name, group, platform and tabs, user agent and resolution', () => {
    const settings = apply({
      name: 'Shop 1',
      group_id: '12',
      domain_name: 'shop.example',
      open_urls: ['https://other.example'],
      fingerprint_config: { ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/156.0.0.0 Safari/537.36', screen_resolution: '1366_768' },
    });
    expect(settings).toMatchObject({ name: 'Shop 1', groupId: '12', startPage: 'shop.example', os: 'macos', resolution: '1366x768' });
    expect(apply({ tabs: ['https://first.example', 'https://second.example'] }).startPage).toBe('https://first.example');
    expect(apply({ fingerprint_config: { screen_resolution: 'random' } }).resolution).toBe('1920x1080');
  });

  it('maps user_proxy_config: no_proxy goes direct on purpose, other takes type, host, port and credentials', () => {
    expect(apply({ user_proxy_config: { proxy_soft: 'no_proxy' } }).proxy).toEqual({ type: 'none', host: '', port: 0, username: '', password: '', country: '', direct: true });
    expect(apply({ country: 'de', user_proxy_config: { proxy_soft: 'other', proxy_type: 'socks5', proxy_host: '127.0.0.1', proxy_port: '1080', proxy_user: 'a', proxy_password: 'b' } }).proxy).toEqual({
      type: 'socks5',
      host: '127.0.0.1',
      port: 1080,
      username: 'a',
      password: 'b',
      country: 'DE',
      direct: false,
    });
    // No proxy config: the profile keeps its proxy (and its credentials).
    expect(apply({ name: 'x' }).proxy).toEqual(base.proxy);
  });

  it('refuses a proxy it cannot honour rather than start without it', () => {
    expect(refusal(() => apply({ user_proxy_config: { proxy_soft: 'brightdata' } })).code).toBe('proxy_unsupported');
    expect(refusal(() => apply({ proxyid: '17' })).code).toBe('proxy_unsupported');
    expect(refusal(() => apply({ user_proxy_config: { proxy_soft: 'other' } })).code).toBe('proxy_unsupported');
    expect(refusal(() => apply({ fingerprint_config: { browser_kernel_config: { type: 'firefox', version: '135' } } })).code).toBe('kernel_unsupported');
    expect(apply({ fingerprint_config: { browser_kernel_config: { type: 'chrome', version: 'ua_auto' } } }).kernelVersion).toBe('156');
  });

  it('maps time zone and languages, following the IP or fixed', () => {
    const fixed = apply({ fingerprint_config: { automatic_timezone: '0', timezone: 'Asia/Tokyo', language_switch: '0', language: ['de-DE', 'en'] } });
    expect(fixed).toMatchObject({ timezone: 'Asia/Tokyo', language: 'de-DE,en', fingerprint: { timezoneByIp: false, languageByIp: false } });
    const byIp = applyAdsProfile(fixed, adsProfileBodySchema.parse({ fingerprint_config: { automatic_timezone: '1', language_switch: '1' } }));
    expect(byIp).toMatchObject({ timezone: '', language: '', fingerprint: { timezoneByIp: true, languageByIp: true } });
  });

  it('maps the fingerprint switches', () => {
    const { fingerprint } = apply({
      fingerprint_config: {
        canvas: '0',
        webgl_image: '1',
        audio: '0',
        webgl: '2',
        webgl_config: { unmasked_vendor: 'Google Inc. (NVIDIA)', unmasked_renderer: 'ANGLE (NVIDIA GeForce GTX 1650)' },
        webrtc: 'proxy',
        do_not_track: 'true',
        hardware_concurrency: '4',
        device_memory: '6',
        location: 'allow',
        location_switch: '0',
        latitude: '52.52',
        longitude: 13.4,
        accuracy: '50',
        fonts: ['Arial', 'Verdana'],
        scan_port_type: '1',
        allow_scan_ports: ['4000', 4001],
        media_devices: '2',
        media_devices_num: { audioinput_num: '2', videoinput_num: '0', audiooutput_num: '1' },
        device_name_switch: '2',
        device_name: 'DESKTOP-42',
        mac_address_config: { model: '2', address: 'E4-02-9B-3B-E9-27' },
        tls_switch: '1',
        tls: '0xC02C, 0xC030',
      },
    });
    expect(fingerprint).toMatchObject({
      canvas: 'real',
      webglImage: 'noise',
      audio: 'real',
      webglMetadata: { mode: 'custom', vendor: 'Google Inc. (NVIDIA)', renderer: 'ANGLE (NVIDIA GeForce GTX 1650)' },
      webrtc: 'replace',
      navigator: { doNotTrack: '1', hardwareConcurrency: 4, deviceMemory: 4 },
      geolocation: { mode: 'allow', byIp: false, latitude: 52.52, longitude: 13.4, accuracy: 50 },
      fonts: { mode: 'custom', list: ['Arial', 'Verdana'] },
      portScanProtection: { enabled: true, whitelist: '4000,4001' },
      mediaDevices: { mode: 'custom', audioInputs: 2, videoInputs: 0, audioOutputs: 1 },
      deviceName: 'DESKTOP-42',
      macAddress: 'E4-02-9B-3B-E9-27',
      ssl: { mode: 'custom', disabledCiphers: ['0xC02C', '0xC030'] },
      commandLine: '--mute-audio',
    });
    // Facet's native canvas rendering already counts as AdsPower's "noise".
    expect(apply({ fingerprint_config: { canvas: '1' } }).fingerprint.canvas).toBe('rendering');
    expect(apply({ fingerprint_config: { fonts: ['all'], device_memory: 'default' } }).fingerprint).toMatchObject({ fonts: { mode: 'real', list: [] }, navigator: { deviceMemory: 0 } });
  });

  it('sets the profile\'s own switches from v2 update\'s launch_args', () => {
    expect(apply({ launch_args: ['--start-maximized', '--disable-notifications'] }).fingerprint.commandLine).toBe('--start-maximized\n--disable-notifications');
  });

  it('reads cookies as JSON or Netscape text; a bad cookie refuses the profile unless told to skip it', () => {
    const good = { domain: '.shop.example', name: 'sid', value: 'abc', path: '/', expires: 1900000000, httpOnly: true, secure: true, sameSite: 'Lax' };
    expect(apply({ cookie: [good] }).cookies).toEqual([{ domain: '.shop.example', name: 'sid', value: 'abc', path: '/', expirationDate: 1900000000, httpOnly: true, secure: true, sameSite: 'lax' }]);
    expect(apply({ cookie: JSON.stringify([good]) }).cookies).toHaveLength(1);
    expect(apply({ cookie: '.shop.example\tTRUE\t/\tTRUE\t1900000000\tsid\tabc' }).cookies).toMatchObject([{ name: 'sid', value: 'abc' }]);
    expect(refusal(() => apply({ cookie: [good, { name: 'no domain' }] }))).toMatchObject({ code: 'cookie_invalid', data: { row: 2 } });
    expect(apply({ cookie: [good, { name: 'no domain' }], ignore_cookie_error: '1' }).cookies).toHaveLength(1);
  });

  it('names the plugin of category_id, and the OS a user agent or random_ua asks for', () => {
    expect(categoryOf(adsProfileBodySchema.parse({ category_id: '9' }))).toBe('9');
    expect(categoryOf(adsProfileBodySchema.parse({ sys_app_cate_id: '0' }))).toBeNull();
    expect(osOfUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/156.0.0.0 Mobile Safari/537.36')).toBe('android');
    expect(osOfRandomUa(adsProfileBodySchema.parse({ fingerprint_config: { random_ua: { ua_system_version: ['Mac OS X 14'] } } }).fingerprint_config)).toBe('macos');
  });
});
