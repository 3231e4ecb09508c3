import type { Profile } from '@facet/contracts';
import { parseCommandLine } from './commandLineSwitches.ts';
import type { Identity } from './identity.ts';
import type { ProxyHop } from '../proxy/proxyHop.ts';

/** What the command line takes of the launch besides the profile (launchPlan.ts's LaunchContext holds it). */
export interface CommandLineSettings {
  headless: boolean;
  extraArgs: readonly string[];
  /** Whether the profile's own command line may be applied (never for a shared profile). */
  mayRunProfileCode: boolean;
  /**
   * Where the window's top-left corner stands on the display (a host's run display: at 0,0,
   * filling a display of the profile's screen size); unset, the window manager places it.
   */
  windowAt?: { left: number; top: number };
}

/**
 * Chromium's command line for one profile: the agent's own switches, then the profile's
 * allowlisted ones (none for a profile someone shared: shared profiles run no code of the
 * owner's on this machine). No debugging port: DevTools goes over the pipe spawnChromium adds,
 * and scripts attach through the agent's endpoint (cdpEndpoint.ts), which also serves a
 * profile's fixed debugging port.
 */
export function argsFor(profile: Profile, identity: Identity, hop: Pick<ProxyHop, 'address'>, settings: CommandLineSettings, userDataDir: string, extensions: string[]): { args: string[]; refused: string[] } {
  const fp = profile.fingerprint;
  const { accepted, refused } = settings.mayRunProfileCode ? parseCommandLine(fp.commandLine) : { accepted: [], refused: [] };
  const args = [
    `--user-data-dir=${userDataDir}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--no-startup-window',
    '--password-store=basic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    // Remote debugging (port or pipe) makes Chromium report navigator.webdriver = true, which
    // every bot check reads first; a person's browser says false.
    '--disable-blink-features=AutomationControlled',
    // Without a GPU (a server, Xvfb) Chromium 137+ turns WebGL off instead of rendering it in
    // software, and "no WebGL" is a bot's mark; a machine with a GPU still uses its GPU.
    '--enable-unsafe-swiftshader',
    `--proxy-server=http://${hop.address}`,
    // Chromium sends loopback past any proxy; with port-scan protection the hop decides which
    // local ports a page may reach, so loopback must go to the hop too.
    ...(fp.portScanProtection.enabled ? ['--proxy-bypass-list=<-loopback>'] : []),
    // Also the default of targets CDP's override does not reach (shared and service workers).
    `--user-agent=${identity.userAgent}`,
    `--window-size=${identity.screen.width},${identity.screen.height}`,
    ...(settings.windowAt ? [`--window-position=${settings.windowAt.left},${settings.windowAt.top}`] : []),
    `--lang=${identity.languages[0]}`,
    `--accept-lang=${identity.languages.join(',')}`,
    ...(fp.remoteDebug.logLevel !== 'off' ? ['--enable-logging=stderr', `--v=${fp.remoteDebug.logLevel === 'verbose' ? 1 : 0}`] : []),
    ...(settings.headless ? ['--headless=new'] : []),
    // Chromium 137+ keeps --load-extension only behind this feature being switched off.
    ...(extensions.length > 0 ? [`--load-extension=${extensions.join(',')}`, '--disable-features=DisableLoadExtensionCommandLineSwitch'] : []),
    ...(typeof process.getuid === 'function' && process.getuid() === 0 ? ['--no-sandbox'] : []),
    ...settings.extraArgs,
    ...accepted,
  ];
  return { args, refused };
}
