import type { FingerprintOptions, OperatingSystem } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { checkConsistency, checkOnMachine, contradictionCodes, type IdentityFields } from './index.ts';

/** Every identity field set, as a saved profile has them. */
interface Profile {
  os: OperatingSystem;
  userAgent: string;
  kernelVersion: string;
  resolution: string;
  language: string;
  timezone: string;
  fingerprint: {
    navigator: { platform: string; hardwareConcurrency: number; deviceMemory: number; maxTouchPoints: number };
    webglMetadata: FingerprintOptions['webglMetadata'];
    mobileEmulation: boolean;
    secChUa: FingerprintOptions['secChUa'];
  };
}

const CHROME = 'AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0';

/** One consistent profile per kind of device; each test below breaks exactly one pair of fields. */
const windows: Profile = {
  os: 'windows',
  userAgent: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${CHROME} Safari/537.36`,
  kernelVersion: '156',
  resolution: '1920x1080',
  language: 'de-DE,de;q=0.9',
  timezone: 'Europe/Berlin',
  fingerprint: {
    navigator: { platform: 'Win32', hardwareConcurrency: 8, deviceMemory: 8, maxTouchPoints: 0 },
    webglMetadata: { mode: 'custom', vendor: 'Google Inc. (NVIDIA)', renderer: 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 (0x00002504) Direct3D11 vs_5_0 ps_5_0, D3D11)' },
    mobileEmulation: false,
    secChUa: 'auto',
  },
};

const macos: Profile = {
  ...windows,
  os: 'macos',
  userAgent: `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) ${CHROME} Safari/537.36`,
  resolution: '1512x982',
  fingerprint: {
    ...windows.fingerprint,
    navigator: { ...windows.fingerprint.navigator, platform: 'MacIntel' },
    webglMetadata: { mode: 'custom', vendor: 'Google Inc. (Apple)', renderer: 'ANGLE (Apple, ANGLE Metal Renderer: Apple M1, Unspecified Version)' },
  },
};

const android: Profile = {
  os: 'android',
  userAgent: `Mozilla/5.0 (Linux; Android 10; K) ${CHROME} Mobile Safari/537.36`,
  kernelVersion: '156',
  resolution: '412x915',
  language: 'ja-JP,ja',
  timezone: 'Asia/Tokyo',
  fingerprint: {
    navigator: { platform: 'Linux armv8l', hardwareConcurrency: 8, deviceMemory: 4, maxTouchPoints: 5 },
    webglMetadata: { mode: 'custom', vendor: 'Qualcomm', renderer: 'Adreno (TM) 740' },
    mobileEmulation: false,
    secChUa: 'auto',
  },
};

const iphone: Profile = {
  ...android,
  os: 'ios',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/156.0.0.0 Mobile/15E148 Safari/604.1',
  resolution: '390x844',
  fingerprint: {
    ...android.fingerprint,
    navigator: { ...android.fingerprint.navigator, platform: 'iPhone' },
    webglMetadata: { mode: 'custom', vendor: 'Apple Inc.', renderer: 'Apple GPU' },
    secChUa: 'off',
  },
};

type Fingerprint = Profile['fingerprint'];
const withNavigator = (p: Profile, navigator: Partial<Fingerprint['navigator']>): Profile => ({ ...p, fingerprint: { ...p.fingerprint, navigator: { ...p.fingerprint.navigator, ...navigator } } });
const withWebgl = (p: Profile, webglMetadata: Partial<Fingerprint['webglMetadata']>): Profile => ({ ...p, fingerprint: { ...p.fingerprint, webglMetadata: { ...p.fingerprint.webglMetadata, ...webglMetadata } } });
const withFingerprint = (p: Profile, fingerprint: Partial<Fingerprint>): Profile => ({ ...p, fingerprint: { ...p.fingerprint, ...fingerprint } });

/** For every code: a profile with exactly that contradiction, and the two fields it must name. */
const cases: Record<(typeof contradictionCodes)[number], { profile: IdentityFields; fields: [string, unknown][] }> = {
  userAgentOs: {
    profile: { ...windows, userAgent: macos.userAgent },
    fields: [['userAgent', macos.userAgent], ['os', 'windows']],
  },
  userAgentKernel: {
    profile: { ...windows, userAgent: windows.userAgent.replace('Chrome/156', 'Chrome/131') },
    fields: [['userAgent', windows.userAgent.replace('Chrome/156', 'Chrome/131')], ['kernelVersion', '156']],
  },
  userAgentClientHints: {
    profile: { ...windows, userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0' },
    fields: [['userAgent', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'], ['secChUa', 'auto']],
  },
  platformOs: {
    profile: withNavigator(windows, { platform: 'MacIntel' }),
    fields: [['platform', 'MacIntel'], ['os', 'windows']],
  },
  webglOs: {
    profile: withWebgl(macos, { vendor: windows.fingerprint.webglMetadata.vendor, renderer: windows.fingerprint.webglMetadata.renderer }),
    fields: [['webglRenderer', windows.fingerprint.webglMetadata.renderer], ['os', 'macos']],
  },
  screenPhoneOnDesktop: {
    profile: { ...windows, resolution: '390x844' },
    fields: [['resolution', '390x844'], ['os', 'windows']],
  },
  screenPortraitOnDesktop: {
    profile: { ...windows, resolution: '1080x1920' },
    fields: [['resolution', '1080x1920'], ['os', 'windows']],
  },
  screenDesktopOnMobile: {
    profile: { ...android, resolution: '1920x1080' },
    fields: [['resolution', '1920x1080'], ['os', 'android']],
  },
  touchMissingOnMobile: {
    profile: withNavigator(android, { maxTouchPoints: 0 }),
    fields: [['maxTouchPoints', 0], ['os', 'android']],
  },
  touchOnMac: {
    profile: withNavigator(macos, { maxTouchPoints: 5 }),
    fields: [['maxTouchPoints', 5], ['os', 'macos']],
  },
  coresForDevice: {
    profile: withNavigator(android, { hardwareConcurrency: 64 }),
    fields: [['hardwareConcurrency', 64], ['os', 'android']],
  },
  memoryForDevice: {
    profile: withNavigator(windows, { deviceMemory: 0.5 }),
    fields: [['deviceMemory', 0.5], ['os', 'windows']],
  },
  languageTimezone: {
    profile: { ...windows, timezone: 'America/Chicago' },
    fields: [['language', 'de-DE,de;q=0.9'], ['timezone', 'America/Chicago']],
  },
  mobileEmulationOs: {
    profile: withFingerprint(windows, { mobileEmulation: true }),
    fields: [['mobileEmulation', true], ['os', 'windows']],
  },
};

const reported = (profile: IdentityFields) => checkConsistency(profile).map((c) => ({ code: c.code, fields: c.fields.map((f) => [f.field, f.value]) }));

describe('checkConsistency', () => {
  it('finds nothing in a consistent profile of each kind of device', () => {
    for (const profile of [windows, macos, android, iphone]) expect(reported(profile), profile.os).toEqual([]);
  });

  it('has a case below for every code', () => {
    expect(Object.keys(cases).sort()).toEqual([...contradictionCodes].sort());
  });

  for (const [code, { profile, fields }] of Object.entries(cases)) {
    it(`reports ${code}, and only it, with the two fields that disagree`, () => {
      expect(reported(profile)).toEqual([{ code, fields }]);
    });
  }

  it('names each field by its path in the profile', () => {
    const [found] = checkConsistency(withNavigator(windows, { platform: 'MacIntel' }));
    expect(found?.fields.map((f) => f.path)).toEqual([['fingerprint', 'navigator', 'platform'], ['os']]);
  });

  it('takes what the launch fills in later as no contradiction', () => {
    const blank = { ...macos, language: '', timezone: '', fingerprint: { ...macos.fingerprint, navigator: { ...macos.fingerprint.navigator, platform: '' } } };
    expect(reported(blank)).toEqual([]);
    // The machine's own WebGL: the stored values are not what pages will see.
    expect(reported(withWebgl(macos, { mode: 'real', renderer: windows.fingerprint.webglMetadata.renderer }))).toEqual([]);
    expect(reported(withWebgl(macos, { vendor: '', renderer: '' }))).toEqual([]);
  });

  it('copes with a half-filled form (missing fields, cleared numbers)', () => {
    expect(checkConsistency({})).toEqual([]);
    expect(checkConsistency({ os: 'android', fingerprint: { navigator: { maxTouchPoints: null, hardwareConcurrency: null } } })).toEqual([]);
    expect(checkConsistency({ os: 'windows', resolution: '1920x' })).toEqual([]);
  });
});

describe('what real devices show together', () => {
  it('accepts Windows on Arm, Intel Macs, Linux on Mesa and emulators', () => {
    expect(reported(withWebgl(windows, { vendor: 'Google Inc. (Qualcomm)', renderer: 'ANGLE (Qualcomm, Qualcomm(R) Adreno(TM) X1-85 GPU (0x0000636C) Direct3D11 vs_5_0 ps_5_0, D3D11)' }))).toEqual([]);
    expect(reported(withWebgl(macos, { vendor: 'Google Inc. (Intel)', renderer: 'ANGLE (Intel, ANGLE Metal Renderer: Intel(R) Iris(TM) Plus Graphics, Unspecified Version)' }))).toEqual([]);
    const linux = withNavigator({ ...windows, os: 'linux', userAgent: `Mozilla/5.0 (X11; Linux x86_64) ${CHROME} Safari/537.36` }, { platform: 'Linux x86_64' });
    expect(reported(withWebgl(linux, { vendor: 'Google Inc. (Intel)', renderer: 'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)' }))).toEqual([]);
    expect(reported(withWebgl(linux, { vendor: 'Google Inc. (Apple)', renderer: 'ANGLE (Apple, Apple M1 (G13G B0), OpenGL ES 3.2 Mesa 24.1.0)' }))).toEqual([]);
    expect(reported(withWebgl(linux, { vendor: 'Google Inc. (Google)', renderer: 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)' }))).toEqual([]);
    expect(reported(withWebgl(android, { vendor: 'Google (NVIDIA Corporation)', renderer: 'Android Emulator OpenGL ES Translator (NVIDIA GeForce RTX 3050 Laptop GPU/PCIe/SSE2)' }))).toEqual([]);
  });

  it('accepts touchscreen PCs, Android tablets and the Linux platforms of Android', () => {
    expect(reported(withNavigator(windows, { maxTouchPoints: 10 }))).toEqual([]);
    expect(reported({ ...android, userAgent: android.userAgent.replace('Mobile ', ''), resolution: '800x1280' })).toEqual([]);
    for (const platform of ['Linux aarch64', 'Linux armv81', 'Linux x86_64']) expect(reported(withNavigator(android, { platform }))).toEqual([]);
  });

  it('flags every non-Apple renderer on iOS, where each browser is WebKit', () => {
    expect(reported(withWebgl(iphone, { vendor: 'Qualcomm', renderer: 'Adreno (TM) 740' })).map((c) => c.code)).toEqual(['webglOs']);
  });

  it('flags client hints on Chrome for iOS and on browsers that name their own brand', () => {
    expect(reported(withFingerprint(iphone, { secChUa: 'auto' })).map((c) => c.code)).toEqual(['userAgentClientHints']);
    const edge = { ...windows, userAgent: `${windows.userAgent} Edg/156.0.0.0` };
    expect(reported(edge).map((c) => c.code)).toEqual(['userAgentClientHints']);
    expect(reported(withFingerprint(edge, { secChUa: 'off' }))).toEqual([]);
  });

  it('leaves language and time zone alone unless both name places on different continents', () => {
    const pairs: [string, string, boolean][] = [
      ['en-US,en', 'Asia/Shanghai', false], // English, like the other world languages, says little about where
      ['es-ES', 'America/Mexico_City', false],
      ['fr-FR', 'Africa/Dakar', false],
      ['ru-RU', 'Asia/Vladivostok', false], // Russia spans Europe and Asia
      ['da-DK', 'America/Nuuk', false], // Greenland
      ['de', 'America/New_York', false], // no region in the tag
      ['de-DE', 'Etc/UTC', false], // a zone of no continent
      ['de-DE', 'Atlantic/Reykjavik', false],
      ['zh-Hans-CN', 'Asia/Shanghai', false],
      ['zh-CN,zh;q=0.9', 'America/Los_Angeles', true],
      ['ja-JP', 'Europe/Paris', true],
      ['pl-PL', 'Australia/Sydney', true],
    ];
    for (const [language, timezone, flagged] of pairs) {
      expect(reported({ ...windows, language, timezone }).map((c) => c.code), `${language} ${timezone}`).toEqual(flagged ? ['languageTimezone'] : []);
    }
  });
});

describe('against the computer a profile starts on', () => {
  const nvidia = { ...windows, fingerprint: { ...windows.fingerprint, webglMetadata: { mode: 'custom' as const, vendor: 'Google Inc. (NVIDIA)', renderer: 'ANGLE (NVIDIA, NVIDIA GeForce GTX 1650 Direct3D11 vs_5_0 ps_5_0, D3D11)' } } };
  it('names a hardware GPU claimed where WebGL renders in software, and nothing on a computer with a GPU', () => {
    expect(checkOnMachine(nvidia, { softwareGpu: true }).map((c) => c.code)).toEqual(['webglSoftware']);
    expect(checkOnMachine(nvidia, { softwareGpu: true })[0]!.fields.map((f) => f.path.join('.'))).toEqual(['fingerprint.webglMetadata.renderer', 'fingerprint.webglMetadata.mode']);
    expect(checkOnMachine(nvidia, { softwareGpu: false })).toEqual([]);
  });

  it('leaves the machine\'s own WebGL metadata, and a software renderer claimed, alone', () => {
    const real = { ...windows, fingerprint: { ...windows.fingerprint, webglMetadata: { mode: 'real' as const, vendor: '', renderer: '' } } };
    expect(checkOnMachine(real, { softwareGpu: true })).toEqual([]);
    const swiftShader = { ...windows, fingerprint: { ...windows.fingerprint, webglMetadata: { mode: 'custom' as const, vendor: 'Google Inc. (Google)', renderer: 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)' } } };
    expect(checkOnMachine(swiftShader, { softwareGpu: true })).toEqual([]);
  });
});
