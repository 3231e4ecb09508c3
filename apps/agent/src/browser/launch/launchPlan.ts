import path from 'node:path';
import type { Profile } from '@facet/contracts';
import { checkOnMachine, type Contradiction } from '@facet/fingerprint';
import { identityScript } from '@facet/page-scripts';
import { argsFor, type CommandLineSettings } from './chromiumArgs.ts';
import { drawnFamilies, FONT_CONFIG_FILE, fontConfigXml, selectFonts, type MachineFonts } from '../machine/fontConfig.ts';
import { renderingRules } from '../machine/fontRendering.ts';
import type { GeoFacts } from '../proxy/geoIp.ts';
import { resolveIdentity, type Identity } from './identity.ts';
import type { MachineFacts } from '../machine/machineFacts.ts';
import { pageScriptOptions } from './pageScriptOptions.ts';
import { webglImageDriverEnv, type WebglImageDriver } from '../machine/webglImageDriver.ts';

/**
 * How a fingerprint field reaches what a site reads, most native first (docs/fingerprint.md):
 * a Chromium switch, the browser's environment, a file in its user-data-dir, a CDP override per
 * target, and only then a page script. `build`: a copy of the installed build that reports it by
 * itself (platformBuild.ts). `driver`: a graphics driver of ours in front of the machine's
 * (webglImageDriver.ts). `machine`: nothing changes it, this computer's own value is the profile's.
 */
export type Channel = 'commandLine' | 'environment' | 'file' | 'build' | 'driver' | 'cdp' | 'pageScript' | 'machine';

/** Where a site reads a field: windows (pages, frames, popups) and the kinds of worker. */
type Scope = 'windows' | 'workers' | 'all';

interface ChannelUse {
  field: string;
  channel: Channel;
  scope: Scope;
}

export interface CdpCommand {
  method: string;
  params: Record<string, unknown>;
}

/** What every target of a kind is given while it waits to run its first script. */
export interface TargetCommands {
  page: CdpCommand[];
  frame: CdpCommand[];
  worker: CdpCommand[];
  /**
   * What a page keeps in settings its sessions share (the platform, touch points): at every new
   * document each attached session writes its own, an empty one too, and a session's detach
   * clears them (Blink's InspectorEmulationAgent: Restore and disable). So a client's session is
   * given these as well, and the agent's own sessions again when a client leaves (cdpMux.ts).
   */
  everySession: CdpCommand[];
}

export interface LaunchPlan {
  identity: Identity;
  args: string[];
  /** Switches of the profile's own command line that were not applied. */
  refusedSwitches: string[];
  /** Added to the browser's environment. */
  env: Record<string, string>;
  /** Written into the user-data-dir (relative paths) before Chromium starts. */
  files: { path: string; content: string }[];
  /** Removed from the user-data-dir: what an earlier plan wrote and this one does not. */
  staleFiles: string[];
  /** Chromium's WebRTC IP-handling policy, kept in the profile's Preferences; null: Chromium's default. */
  webrtcIpHandlingPolicy: string | null;
  /** Sent once to the browser. */
  browserCommands: CdpCommand[];
  targetCommands: TargetCommands;
  /** Evaluated in every window and worker before its own code; null: nothing to change there. */
  pageScript: string | null;
  /** Which channel carries each field at this launch. */
  channels: ChannelUse[];
  /** What the profile claims that a site can see through, here on this computer (packages/fingerprint). */
  contradictions: Contradiction[];
}

/** What the plan needs of this machine and this launch besides the profile. */
export interface LaunchContext extends CommandLineSettings {
  machine: MachineFacts;
  /** This machine's fonts (fontconfig), for the profile's font list; null: fontconfig did not answer. */
  machineFonts: MachineFonts | null;
  /** The fontconfig file the profile's own includes (the machine's). */
  baseFontConfig: string;
  userDataDir: string;
  hopAddress: string;
  extensions: string[];
  /** The browser is a copy of the build that reports the profile's platform (platformBuild.ts). */
  platformBuild: boolean;
  /** The driver that draws the WebGL image's noise under SwiftShader; null: none on this machine. */
  webglImageDriver: WebglImageDriver | null;
}

/**
 * Everything a launch does to give Chromium the profile's identity, decided before anything is
 * spawned and without touching the machine: the command line, the environment, the files, the
 * CDP commands per kind of target, the page script, and which channel carries each field.
 * `exit` is what the proxy's exit address says (time zone, languages, coordinates) for the
 * options that follow it.
 */
export function planLaunch(profile: Profile, exit: GeoFacts | null, context: LaunchContext): LaunchPlan {
  const identity = resolveIdentity(profile, exit ?? {});
  const fp = profile.fingerprint;
  const { args, refused } = argsFor(profile, identity, { address: context.hopAddress }, context, context.userDataDir, context.extensions);

  const listsFonts = fp.fonts.mode === 'custom' && fp.fonts.list.length > 0;
  const fontSelection = listsFonts && context.machineFonts ? selectFonts(fp.fonts.list, context.machineFonts) : null;
  // Canvas "rendering": the profile's own hinting of the fonts its pages draw with.
  const rendering = fp.canvas === 'rendering' && context.machineFonts ? renderingRules(fp.noiseSeed, drawnFamilies(context.machineFonts, listsFonts ? fp.fonts.list : [])) : [];
  const fontConfig = fontSelection !== null || rendering.length > 0;
  const files = fontConfig ? [{ path: FONT_CONFIG_FILE, content: fontConfigXml(context.baseFontConfig, fontSelection, rendering) }] : [];
  // Without a GPU, WebGL is SwiftShader's, and the driver in front of it adds the noise.
  const imageDriver = fp.webglImage === 'noise' && context.machine.softwareGpu ? context.webglImageDriver : null;
  const env: Record<string, string> = {
    // Chromium on Linux takes its locale (what Intl formats with, in every process) from the
    // environment; --lang is read on Windows only.
    LANGUAGE: identity.languages.map((language) => language.replace(/-/g, '_')).join(':'),
    ...(identity.timezone ? { TZ: identity.timezone } : {}),
    ...(fontConfig ? { FONTCONFIG_FILE: path.join(context.userDataDir, FONT_CONFIG_FILE) } : {}),
    ...(imageDriver ? webglImageDriverEnv(imageDriver, fp.noiseSeed) : {}),
  };

  const options = pageScriptOptions(profile, identity, { machine: context.machine, fontConfig: fontSelection !== null, webglImage: imageDriver !== null });
  return {
    identity,
    args,
    refusedSwitches: refused,
    env,
    files,
    staleFiles: fontConfig ? [] : [FONT_CONFIG_FILE],
    webrtcIpHandlingPolicy: fp.webrtc === 'real' ? null : 'disable_non_proxied_udp',
    browserCommands: browserCommandsFor(identity),
    targetCommands: targetCommandsFor(identity),
    pageScript: identityScript(options),
    channels: channelsOf(profile, identity, options, { fontConfig: fontSelection !== null, rendering: rendering.length > 0, platformBuild: context.platformBuild, imageDriver: imageDriver !== null }),
    contradictions: checkOnMachine(profile, { softwareGpu: context.machine.softwareGpu }),
  };
}

function browserCommandsFor(identity: Identity): CdpCommand[] {
  // "Allow" and "block" answer a site's location request without asking; "ask" leaves the prompt.
  if (identity.geolocation.mode === 'ask') return [];
  return [{ method: 'Browser.setPermission', params: { permission: { name: 'geolocation' }, setting: identity.geolocation.mode === 'allow' ? 'granted' : 'denied' } }];
}

function targetCommandsFor(identity: Identity): TargetCommands {
  const userAgent = {
    userAgent: identity.userAgent,
    acceptLanguage: identity.languages.join(','),
    platform: identity.platform,
    ...(identity.metadata ? { userAgentMetadata: identity.metadata } : {}),
  };
  const common: CdpCommand[] = [
    { method: 'Emulation.setUserAgentOverride', params: userAgent },
    { method: 'Emulation.setHardwareConcurrencyOverride', params: { hardwareConcurrency: identity.hardwareConcurrency } },
  ];
  const everySession: CdpCommand[] = [{ method: 'Emulation.setUserAgentOverride', params: userAgent }];
  if (identity.maxTouchPoints > 0) everySession.push({ method: 'Emulation.setTouchEmulationEnabled', params: { enabled: true, maxTouchPoints: identity.maxTouchPoints } });
  const windows: CdpCommand[] = [...common, ...everySession.slice(1)];
  if (identity.geolocation.mode !== 'block') {
    const { latitude, longitude, accuracy } = identity.geolocation;
    windows.push({ method: 'Emulation.setGeolocationOverride', params: { latitude, longitude, accuracy } });
  }
  if (Object.keys(identity.headers).length > 0) {
    windows.push({ method: 'Network.enable', params: {} }, { method: 'Network.setExtraHTTPHeaders', params: { headers: identity.headers } });
  }
  const { width, height } = identity.screen;
  return {
    // The screen the profile claims, whatever the machine's (or Xvfb's) is. Width and height 0
    // leave the viewport to the window, which --window-size already sizes.
    page: [...windows, { method: 'Emulation.setDeviceMetricsOverride', params: { width: 0, height: 0, deviceScaleFactor: 0, mobile: false, screenWidth: width, screenHeight: height } }],
    frame: windows,
    // Workers' own requests (imports, fetches) carry the user agent through the Network domain.
    worker: [...common, { method: 'Network.setUserAgentOverride', params: userAgent }],
    everySession,
  };
}

/** The table of this launch: which channel carries each field, where. */
function channelsOf(
  profile: Profile,
  identity: Identity,
  options: ReturnType<typeof pageScriptOptions>,
  native: { fontConfig: boolean; rendering: boolean; platformBuild: boolean; imageDriver: boolean },
): ChannelUse[] {
  const { fontConfig, rendering, platformBuild, imageDriver } = native;
  const fp = profile.fingerprint;
  const use = (field: string, channel: Channel, scope: Scope = 'all'): ChannelUse => ({ field, channel, scope });
  const scripted = (field: string, on: boolean, scope: Scope = 'all') => use(field, on ? 'pageScript' : 'machine', scope);
  return [
    use('userAgent', 'commandLine'),
    use('userAgent', 'cdp'),
    use('clientHints', 'cdp'),
    use('platform', 'cdp', 'windows'),
    options.workerNavigator.platform ? use('platform', 'pageScript', 'workers') : use('platform', platformBuild ? 'build' : 'machine', 'workers'),
    use('languages', 'commandLine'),
    use('locale', 'environment'),
    use('timezone', identity.timezone ? 'environment' : 'machine'),
    use('hardwareConcurrency', 'cdp'),
    scripted('deviceMemory', options.navigator.deviceMemory !== undefined),
    use('screen', 'commandLine', 'windows'),
    use('screen', 'cdp', 'windows'),
    use('geolocation', 'cdp', 'windows'),
    use('webdriver', 'commandLine'),
    ...(Object.keys(identity.headers).length > 0 ? [use('headers', 'cdp', 'windows')] : []),
    fontConfig ? use('fonts', 'file') : scripted('fonts', options.fonts !== null),
    ...(fp.webrtc === 'real' ? [use('webrtc', 'machine')] : [use('webrtc', 'file'), ...(options.webrtc !== 'untouched' ? [use('webrtc', 'pageScript')] : [])]),
    rendering ? use('canvas', 'file') : scripted('canvas', options.canvas),
    scripted('audio', options.audio),
    imageDriver ? use('webglImage', 'driver') : scripted('webglImage', options.webglImage),
    scripted('webglMetadata', options.webglVendor !== '' || options.webglRenderer !== '' || options.webglLimits !== null),
    scripted('mediaDevices', options.mediaDevices !== null),
    scripted('battery', options.battery),
  ];
}
