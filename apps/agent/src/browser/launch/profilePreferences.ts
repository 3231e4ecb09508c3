import fs from 'node:fs';
import path from 'node:path';
import type { FingerprintOptions } from '@facet/contracts';

type Preferences = Record<string, unknown>;

function section(prefs: Preferences, name: string): Preferences {
  const value = prefs[name];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Preferences) : {};
}

/**
 * Chrome reads the WebRTC IP-handling policy only from the profile's Preferences file: measured
 * on Chromium 156, `--force-webrtc-ip-handling-policy` is read by content_shell and the headless
 * shell alone, and a STUN server saw the machine's own address past the proxy. With
 * `disable_non_proxied_udp` no UDP leaves outside the proxy. The file outlives a launch, so a
 * profile switched back to "real" must lose the policy again.
 */
export function withWebrtcPolicy(prefs: Preferences, webrtc: FingerprintOptions['webrtc']): Preferences {
  const { ip_handling_policy: _previous, ...others } = section(prefs, 'webrtc');
  return { ...prefs, webrtc: webrtc === 'real' ? others : { ...others, ip_handling_policy: 'disable_non_proxied_udp' } };
}

/** Chromium's "Continue where you left off" (`session.restore_on_startup`). */
const RESTORE_LAST_SESSION = 1;
/** Chromium's "Open the New Tab page", its default. */
const OPEN_NEW_TAB_PAGE = 5;

/**
 * A profile starts with one tab, the agent's, which gets its identity before it goes anywhere
 * (launchBrowser.ts). "Continue where you left off", set in the profile's own settings page,
 * made Chromium bring back the last session's tabs beside it when that tab opened: tabs not
 * loaded yet, whose set-up never answered, so a script attaching over CDP (Playwright's
 * connectOverCDP) waited for them until it timed out. Such a setting goes back to Chromium's
 * default before each start.
 */
export function withoutSessionRestore(prefs: Preferences): Preferences {
  const session = section(prefs, 'session');
  return session.restore_on_startup === RESTORE_LAST_SESSION ? { ...prefs, session: { ...session, restore_on_startup: OPEN_NEW_TAB_PAGE } } : prefs;
}

/** Reads the profile's Preferences file (none at a first start), changes it, and writes it back. */
export function updatePreferences(userDataDir: string, change: (prefs: Preferences) => Preferences): void {
  const file = path.join(userDataDir, 'Default', 'Preferences');
  let prefs: Preferences = {};
  try {
    prefs = JSON.parse(fs.readFileSync(file, 'utf8')) as Preferences;
  } catch (error) {
    // A first start has no file; a damaged one Chromium would reset anyway.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && !(error instanceof SyntaxError)) throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, JSON.stringify(change(prefs)), { mode: 0o600 });
}
