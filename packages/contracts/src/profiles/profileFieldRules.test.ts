import { describe, expect, it } from 'vitest';
import { adsProfileBodySchema } from '../localApi/profileBody.ts';
import { startV1QuerySchema, startV2BodySchema } from '../localApi/browser.ts';
import { isHostOrAddress, parseProxyLine } from '../validation.ts';
import { profileSettingsSchema } from './profile.ts';
import {
  isKnownKernelVersion,
  isLanguageList,
  isTimeZone,
  validateCommandLine,
  validateDebugPort,
  validateResolution,
} from './profileFieldRules.ts';

const base = {
  name: 'Shop',
  groupId: '0',
  os: 'windows',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  resolution: '1920x1080',
  kernelVersion: '156',
} as const;

/** The issue paths and keys a profile's settings are refused with. */
function refusal(settings: Record<string, unknown>) {
  const parsed = profileSettingsSchema.safeParse({ ...base, ...settings });
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('profile field rules', () => {
  it('resolution: real screens only, 320–7680 wide and 240–4320 high', () => {
    for (const ok of ['1920x1080', '320x240', '7680x4320', '390x844', '6880x2880']) expect(validateResolution(ok), ok).toBeNull();
    for (const big of ['99999x99999', '7681x1080', '1920x4321', '319x800', '800x239']) expect(validateResolution(big), big).toBe('validation.resolutionSize');
    for (const bad of ['1920', '1920*1080', 'x', '0320x0240', '1920x1080x1', ' ']) expect(validateResolution(bad), bad).toBe('validation.resolution');
  });

  it('kernel: a Chromium major of the known list, nothing path-like', () => {
    for (const ok of ['100', '126', '156', '199']) expect(isKnownKernelVersion(ok), ok).toBe(true);
    for (const bad of ['../../bin', '99', '200', '156.0.8078.79', '0156', '', '1e2']) expect(isKnownKernelVersion(bad), bad).toBe(false);
  });

  it('time zone: IANA names the engine knows, never a path', () => {
    for (const ok of ['Europe/Berlin', 'UTC', 'Etc/GMT+5', 'America/Argentina/Buenos_Aires', 'US/Eastern', 'Asia/Kolkata']) expect(isTimeZone(ok), ok).toBe(true);
    for (const bad of ['../../etc/passwd', 'Europe/../../etc/passwd', '/etc/localtime', 'europe/berlin', 'Mars/Olympus_Mons', '+05:00', 'Europe/Berlin\n', '']) {
      expect(isTimeZone(bad), bad).toBe(false);
    }
  });

  it('language: BCP 47 tags separated by commas, with q-values, no CR/LF', () => {
    for (const ok of ['en-US', 'en-US,en', 'de-DE, de;q=0.9, en;q=0.8', 'zh-Hans-CN', 'es-419']) expect(isLanguageList(ok), ok).toBe(true);
    for (const bad of ['en-US\r\nX-Evil: 1', 'en_US', '*', 'en;q=2', 'en,,de', 'x', 'en-US;q=0.5;x=1']) expect(isLanguageList(bad), bad).toBe(false);
  });

  it('fixed debug port: 0 (the agent picks one) or 1024–65535', () => {
    for (const ok of [0, 1024, 9222, 65535]) expect(validateDebugPort(ok), String(ok)).toBeNull();
    for (const bad of [22, 80, 1023, 65536, -1, 9222.5]) expect(validateDebugPort(bad), String(bad)).toBe('validation.debugPort');
  });

  it('command line: switches on lines, no control characters', () => {
    expect(validateCommandLine('--lang=en\n--mute-audio\r\n--start-maximized\t')).toBeNull();
    for (const bad of ['--lang=en\u0000', '--x\u001b[31m', '--y\u007f']) expect(validateCommandLine(bad)).toBe('validation.commandLine');
  });

  it('proxy host: a host name or an IP address, nothing else', () => {
    for (const ok of ['proxy.example.com', '10.0.0.1', 'gate_1.provider.io', 'localhost', '::1', '[2001:db8::1]', 'bücher.example', 'proxy.example.com.']) expect(isHostOrAddress(ok), ok).toBe(true);
    for (const bad of ['a b', 'http://proxy.example.com', 'proxy.example.com:8080', 'user@proxy', '999.1.1.1', '-bad.example', 'proxy/path', '', 'a\u0000b']) expect(isHostOrAddress(bad), bad).toBe(false);
    expect(parseProxyLine('a b:8080').error).toBe('validation.proxyHost');
    expect(parseProxyLine('http://user:pw@proxy.example.com:8080').proxy?.host).toBe('proxy.example.com');
  });
});

describe('a profile with a bad field is refused, naming the field', () => {
  it('each probe input of issue 34 is refused with its field and key', () => {
    expect(refusal({ resolution: '99999x99999' })).toEqual([['resolution', 'validation.resolutionSize']]);
    expect(refusal({ kernelVersion: '../../bin' })).toEqual([['kernelVersion', 'validation.kernel']]);
    expect(refusal({ timezone: '../../etc/passwd' })).toEqual([['timezone', 'validation.timezone']]);
    expect(refusal({ language: 'en-US\r\nX-Evil: 1' })).toEqual([['language', 'validation.language']]);
    expect(refusal({ fingerprint: { remoteDebug: { port: 22 } } })).toEqual([['fingerprint.remoteDebug.port', 'validation.debugPort']]);
    expect(refusal({ proxy: { type: 'http', host: 'a b', port: 8080 } })).toEqual([['proxy.host', 'validation.proxyHost']]);
    expect(refusal({ fingerprint: { commandLine: '--lang=en\u0000' } })).toEqual([['fingerprint.commandLine', 'validation.commandLine']]);
  });

  it('good values pass, and empty language and time zone follow the proxy', () => {
    expect(refusal({ language: '', timezone: '', fingerprint: { remoteDebug: { port: 0 } } })).toEqual([]);
    expect(refusal({ language: 'fr-FR,fr', timezone: 'Europe/Paris', proxy: { type: 'socks5', host: 'gate.example.net', port: 1080 } })).toEqual([]);
  });
});

describe('the local API refuses the same values by AdsPower\'s field names', () => {
  const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => (result.success ? [] : result.error!.issues.map((issue) => issue.path.join('.')));

  it('profile create and update', () => {
    const bad = (body: Record<string, unknown>) => issues(adsProfileBodySchema.safeParse(body));
    expect(bad({ fingerprint_config: { timezone: '../../etc/passwd' } })).toEqual(['fingerprint_config.timezone']);
    expect(bad({ fingerprint_config: { language: ['en-US\r\nX-Evil: 1'] } })).toEqual(['fingerprint_config.language.0']);
    expect(bad({ fingerprint_config: { screen_resolution: '99999_99999' } })).toEqual(['fingerprint_config.screen_resolution']);
    expect(bad({ fingerprint_config: { browser_kernel_config: { version: '../../bin' } } })).toEqual(['fingerprint_config.browser_kernel_config.version']);
    expect(bad({ user_proxy_config: { proxy_soft: 'other', proxy_type: 'http', proxy_host: 'a b', proxy_port: 8080 } })).toEqual(['user_proxy_config.proxy_host']);
    expect(bad({ launch_args: ['--lang=en\u0000'] })).toEqual(['launch_args.0']);
    expect(bad({ fingerprint_config: { timezone: 'Europe/Berlin', language: ['en-US'], screen_resolution: '1920_1080', browser_kernel_config: { version: 'ua_auto' } } })).toEqual([]);
  });

  it('a start\'s launch_args', () => {
    expect(issues(startV1QuerySchema.safeParse({ user_id: 'abc', launch_args: '["--lang=en\\u0000"]' }))).toEqual(['launch_args.0']);
    expect(issues(startV2BodySchema.safeParse({ profile_id: 'abc', launch_args: ['--mute-audio\u0007'] }))).toEqual(['launch_args.0']);
    expect(issues(startV2BodySchema.safeParse({ profile_id: 'abc', launch_args: ['--mute-audio'] }))).toEqual([]);
  });
});
