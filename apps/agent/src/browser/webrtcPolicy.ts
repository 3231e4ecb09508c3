import fs from 'node:fs';
import path from 'node:path';
import type { FingerprintOptions } from '@facet/contracts';

/**
 * Chrome reads the WebRTC IP-handling policy only from the profile's Preferences file: measured
 * on Chromium 156, `--force-webrtc-ip-handling-policy` is read by content_shell and the headless
 * shell alone, and a STUN server saw the machine's own address past the proxy. With
 * `disable_non_proxied_udp` no UDP leaves outside the proxy. The file outlives a launch, so a
 * profile switched back to "real" must lose the policy again.
 */
export function writeWebrtcPolicy(userDataDir: string, webrtc: FingerprintOptions['webrtc']): void {
  const file = path.join(userDataDir, 'Default', 'Preferences');
  let prefs: Record<string, unknown> = {};
  try {
    prefs = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    // A first start has no file; a damaged one Chromium would reset anyway.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && !(error instanceof SyntaxError)) throw error;
  }
  const current = typeof prefs.webrtc === 'object' && prefs.webrtc !== null ? (prefs.webrtc as Record<string, unknown>) : {};
  const { ip_handling_policy: _previous, ...others } = current;
  prefs.webrtc = webrtc === 'real' ? others : { ...others, ip_handling_policy: 'disable_non_proxied_udp' };
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, JSON.stringify(prefs), { mode: 0o600 });
}
