import { profileSchema } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import type { MachineFonts } from '../machine/fontConfig.ts';
import { exitShapesSpawn } from './identity.ts';
import { planLaunch, type Channel, type LaunchContext } from './launchPlan.ts';

const WINDOWS_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const LINUX_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

function profileWith(fields: Record<string, unknown> = {}, fingerprint: Record<string, unknown> = {}) {
  return profileSchema.parse({
    id: 'p1', serial: 1, groupName: '', createdAt: 0, lastUsedAt: null, owner: { id: 'owner', name: 'owner' }, members: [], sharer: null, permission: null,
    name: 'Shop', groupId: '0', os: 'windows', kernelVersion: '156', resolution: '1366x768', language: 'de-DE,de', timezone: 'Europe/Berlin', startPage: '',
    userAgent: WINDOWS_UA,
    ...fields,
    fingerprint: { navigator: { platform: '', hardwareConcurrency: 8, deviceMemory: 0, maxTouchPoints: 0, doNotTrack: 'unset' }, ...fingerprint },
  });
}

const everySurfaceReal = {
  canvas: 'real', audio: 'real', webglImage: 'real', webglMetadata: { mode: 'real' }, fonts: { mode: 'real', list: [] },
  mediaDevices: { mode: 'real' }, battery: 'real', webrtc: 'real',
};

const debianFonts: MachineFonts = { installed: ['DejaVu Sans', 'DejaVu Serif', 'Liberation Sans', 'Liberation Mono'], generics: ['DejaVu Serif', 'DejaVu Sans'] };
const context: LaunchContext = {
  machine: { deviceMemory: 16, workerPlatform: 'Linux x86_64', softwareGpu: false },
  machineFonts: debianFonts,
  baseFontConfig: '/etc/fonts/fonts.conf',
  userDataDir: '/tmp/profiles/p1',
  hopAddress: '127.0.0.1:4000',
  extensions: [],
  headless: false,
  extraArgs: [],
  mayRunProfileCode: true,
  platformBuild: false,
  webglImageDriver: null,
};

const channelOf = (plan: ReturnType<typeof planLaunch>, field: string): Channel[] => plan.channels.filter((c) => c.field === field).map((c) => c.channel);

describe('planLaunch', () => {
  it('runs no page script for a profile that changes nothing a script must carry', () => {
    const plan = planLaunch(profileWith({ os: 'linux', userAgent: LINUX_UA }, everySurfaceReal), null, context);
    expect(plan.pageScript).toBeNull();
    expect(plan.channels.filter((c) => c.channel === 'pageScript')).toEqual([]);
    expect(plan.webrtcIpHandlingPolicy).toBeNull();
  });

  it('carries time zone and locale in the environment, languages and user agent on the command line, the rest by CDP', () => {
    const plan = planLaunch(profileWith({}, everySurfaceReal), null, context);
    expect(plan.env).toMatchObject({ TZ: 'Europe/Berlin', LANGUAGE: 'de_DE:de' });
    expect(plan.args).toEqual(expect.arrayContaining([`--user-agent=${WINDOWS_UA}`, '--accept-lang=de-DE,de', '--disable-blink-features=AutomationControlled']));
    const methods = (list: { method: string }[]) => list.map((c) => c.method);
    expect(methods(plan.targetCommands.page)).toEqual(expect.arrayContaining(['Emulation.setUserAgentOverride', 'Emulation.setHardwareConcurrencyOverride', 'Emulation.setDeviceMetricsOverride']));
    // The environment covers every scope from the first instruction: no override that races it.
    for (const commands of Object.values(plan.targetCommands)) expect(methods(commands)).not.toContain('Emulation.setTimezoneOverride');
    expect(channelOf(plan, 'timezone')).toEqual(['environment']);
    expect(channelOf(plan, 'locale')).toEqual(['environment']);
    // A Windows platform on this Linux machine: CDP in windows, only a script reaches workers.
    expect(plan.channels.filter((c) => c.field === 'platform')).toEqual([
      { field: 'platform', channel: 'cdp', scope: 'windows' },
      { field: 'platform', channel: 'pageScript', scope: 'workers' },
    ]);
    expect(plan.pageScript).toContain('"workerNavigator":{"platform":"Win32"}');
    // On a copy of the build that reports Win32 itself, workers need no script.
    const built = planLaunch(profileWith({}, everySurfaceReal), null, { ...context, platformBuild: true, machine: { ...context.machine, workerPlatform: 'Win32' } });
    expect(built.channels.filter((c) => c.field === 'platform')).toEqual([
      { field: 'platform', channel: 'cdp', scope: 'windows' },
      { field: 'platform', channel: 'build', scope: 'workers' },
    ]);
    expect(built.pageScript ?? '').not.toContain('"workerNavigator":{"platform"');
  });

  it('follows the exit address for time zone and languages the profile leaves open', () => {
    const plan = planLaunch(profileWith({ language: '', timezone: '' }), { country: 'JP', timezone: 'Asia/Tokyo', languages: ['ja-JP', 'ja'] }, context);
    expect(plan.env).toMatchObject({ TZ: 'Asia/Tokyo', LANGUAGE: 'ja_JP:ja' });
    expect(plan.args).toContain('--accept-lang=ja-JP,ja');
  });

  it('patches navigator.deviceMemory only where it differs from what this computer reports', () => {
    for (const [deviceMemory, channel] of [[0, 'machine'], [16, 'machine'], [4, 'pageScript']] as const) {
      const plan = planLaunch(profileWith({}, { navigator: { platform: '', hardwareConcurrency: 8, deviceMemory, maxTouchPoints: 0, doNotTrack: 'unset' } }), null, context);
      expect(channelOf(plan, 'deviceMemory'), String(deviceMemory)).toEqual([channel]);
    }
  });

  it('leaves fonts to a fontconfig file when fontconfig answers, and to the page script when it does not', () => {
    const fonts = { fonts: { mode: 'custom', list: ['Liberation Sans'] } };
    const withFile = planLaunch(profileWith({}, fonts), null, context);
    expect(withFile.files.map((f) => f.path)).toEqual(['fonts.conf']);
    expect(withFile.files[0]!.content).toContain('Liberation Sans');
    expect(withFile.env.FONTCONFIG_FILE).toBe('/tmp/profiles/p1/fonts.conf');
    expect(channelOf(withFile, 'fonts')).toEqual(['file']);
    expect(withFile.pageScript ?? '').not.toContain('"fonts":["Liberation Sans"]');

    const without = planLaunch(profileWith({}, { ...fonts, canvas: 'noise' }), null, { ...context, machineFonts: null });
    expect(without.files).toEqual([]);
    expect(without.staleFiles).toEqual(['fonts.conf']);
    expect(channelOf(without, 'fonts')).toEqual(['pageScript']);
  });

  it('names a page script for each surface the default options change', () => {
    const plan = planLaunch(profileWith({}, { webglMetadata: { mode: 'custom', vendor: 'Google Inc. (NVIDIA)', renderer: 'ANGLE (NVIDIA, NVIDIA GeForce GTX 1650 Direct3D11 vs_5_0 ps_5_0, D3D11)' } }), null, context);
    const scripted = plan.channels.filter((c) => c.channel === 'pageScript').map((c) => c.field);
    expect(scripted).toEqual(['platform', 'webrtc', 'audio', 'webglImage', 'webglMetadata', 'mediaDevices', 'battery']);
    // Canvas by default: the profile's own font rendering, in its fontconfig.
    expect(channelOf(plan, 'canvas')).toEqual(['file']);
    expect(plan.webrtcIpHandlingPolicy).toBe('disable_non_proxied_udp');
  });

  it('leaves the WebGL image to the driver in front of SwiftShader where WebGL is software and a driver was built', () => {
    const driver = { manifest: '/cache/webgl-image-driver--1/facet_webgl_image.json', swiftShader: '/usr/lib/chromium/libvk_swiftshader.so' };
    const software = { ...context, machine: { ...context.machine, softwareGpu: true }, webglImageDriver: driver };
    const plan = planLaunch(profileWith({}, { noiseSeed: 4242 }), null, software);
    expect(channelOf(plan, 'webglImage')).toEqual(['driver']);
    expect(plan.env).toMatchObject({ VK_DRIVER_FILES: driver.manifest, FACET_VK_DRIVER: driver.swiftShader, FACET_WEBGL_SEED: '4242' });
    expect(plan.pageScript).toContain('"webglImage":false');
    // A real GPU draws WebGL itself (the driver is never loaded), and "real" asks for no noise.
    for (const other of [planLaunch(profileWith({}, {}), null, { ...context, webglImageDriver: driver }), planLaunch(profileWith({}, { webglImage: 'real' }), null, software)]) {
      expect(other.env.VK_DRIVER_FILES).toBeUndefined();
    }
    expect(channelOf(planLaunch(profileWith({}, {}), null, { ...context, webglImageDriver: driver }), 'webglImage')).toEqual(['pageScript']);
  });

  it('answers a location request without asking only when the profile says allow or block', () => {
    expect(planLaunch(profileWith(), null, context).browserCommands).toEqual([]);
    const allow = planLaunch(profileWith({}, { geolocation: { mode: 'allow', byIp: false, latitude: 1, longitude: 2, accuracy: 10 } }), null, context);
    expect(allow.browserCommands).toEqual([{ method: 'Browser.setPermission', params: { permission: { name: 'geolocation' }, setting: 'granted' } }]);
    const block = planLaunch(profileWith({}, { geolocation: { mode: 'block' } }), null, context);
    expect(block.targetCommands.page.map((c) => c.method)).not.toContain('Emulation.setGeolocationOverride');
  });

  it('gives canvas "rendering" the profile\'s own hinting per family and size: the same for a seed, another for another seed', () => {
    const rulesOf = (noiseSeed: number) => planLaunch(profileWith({}, { canvas: 'rendering', noiseSeed }), null, context).files.find((f) => f.path === 'fonts.conf')!.content;
    const first = rulesOf(7);
    expect(first).toContain('<test name="family" compare="eq" ignore-blanks="true"><string>Liberation Sans</string></test>');
    expect(first).toMatch(/<const>hint(slight|none|medium|full)<\/const>/);
    expect(rulesOf(7)).toBe(first);
    expect(new Set([1, 2, 3, 4, 5].map(rulesOf)).size).toBe(5);
    // "noise" and "real" leave rendering alone: no fontconfig file without a font list.
    expect(planLaunch(profileWith({}, { canvas: 'real' }), null, context).files).toEqual([]);
  });

  it('names what the profile claims that this computer cannot back: a GPU where WebGL renders in software', () => {
    const nvidia = { webglMetadata: { mode: 'custom', vendor: 'Google Inc. (NVIDIA)', renderer: 'ANGLE (NVIDIA, NVIDIA GeForce GTX 1650 Direct3D11 vs_5_0 ps_5_0, D3D11)' } };
    expect(planLaunch(profileWith({}, nvidia), null, context).contradictions).toEqual([]);
    const software = planLaunch(profileWith({}, nvidia), null, { ...context, machine: { ...context.machine, softwareGpu: true } });
    expect(software.contradictions.map((c) => c.code)).toEqual(['webglSoftware']);
    expect(planLaunch(profileWith({}, { webglMetadata: { mode: 'real' } }), null, { ...context, machine: { ...context.machine, softwareGpu: true } }).contradictions).toEqual([]);
  });

  it('starts Chromium before the exit is known only when the exit changes nothing it starts with', () => {
    const berlin = { country: 'DE', timezone: 'Europe/Berlin', latitude: 52.5, longitude: 13.4, languages: ['de-DE', 'de'] };
    const tokyo = { country: 'JP', timezone: 'Asia/Tokyo', latitude: 35.7, longitude: 139.7, languages: ['ja-JP', 'ja'] };
    // Time zone and languages of its own, coordinates following the exit: only CDP differs.
    const fixed = profileWith({}, { geolocation: { mode: 'allow', byIp: true } });
    expect(exitShapesSpawn(fixed)).toBe(false);
    const early = planLaunch(fixed, null, context);
    const late = planLaunch(fixed, tokyo, context);
    for (const part of ['args', 'env', 'files', 'staleFiles'] as const) expect(late[part]).toEqual(early[part]);
    expect(late.targetCommands.page).toContainEqual({ method: 'Emulation.setGeolocationOverride', params: { latitude: 35.7, longitude: 139.7, accuracy: 100 } });
    // Either left to the exit: Chromium waits for it.
    expect(exitShapesSpawn(profileWith({ timezone: '' }))).toBe(true);
    expect(exitShapesSpawn(profileWith({ language: '' }))).toBe(true);
    expect(exitShapesSpawn(profileWith({ timezone: '', language: '' }, { timezoneByIp: false, languageByIp: false }))).toBe(false);
    expect(planLaunch(profileWith({ timezone: '' }), tokyo, context).env.TZ).not.toEqual(planLaunch(profileWith({ timezone: '' }), berlin, context).env.TZ);
  });
});
