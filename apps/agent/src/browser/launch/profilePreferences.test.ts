import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { updatePreferences, withoutSessionRestore, withWebrtcPolicy } from './profilePreferences.ts';

function profileFolder(preferences?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-prefs-'));
  if (preferences !== undefined) {
    fs.mkdirSync(path.join(dir, 'Default'));
    fs.writeFileSync(path.join(dir, 'Default', 'Preferences'), preferences);
  }
  return dir;
}

function read(dir: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(dir, 'Default', 'Preferences'), 'utf8')) as Record<string, unknown>;
}

describe("the profile's Preferences file", () => {
  it('turns "continue where you left off" back to the new tab page and keeps the rest of the session section', () => {
    const dir = profileFolder(JSON.stringify({ session: { restore_on_startup: 1, startup_urls: ['https://a.example/'] }, homepage: 'https://h.example/' }));
    updatePreferences(dir, withoutSessionRestore);
    expect(read(dir)).toEqual({ session: { restore_on_startup: 5, startup_urls: ['https://a.example/'] }, homepage: 'https://h.example/' });
  });

  it('leaves any other start setting as the person chose it', () => {
    for (const choice of [4, 5]) {
      const prefs = { session: { restore_on_startup: choice } };
      expect(withoutSessionRestore(prefs)).toBe(prefs);
    }
    expect(withoutSessionRestore({})).toEqual({});
  });

  it('sets the WebRTC policy for a replaced or disabled WebRTC and removes it again for the real one', () => {
    const dir = profileFolder(JSON.stringify({ webrtc: { multiple_routes_enabled: false } }));
    updatePreferences(dir, (prefs) => withWebrtcPolicy(prefs, 'replace'));
    expect(read(dir).webrtc).toEqual({ multiple_routes_enabled: false, ip_handling_policy: 'disable_non_proxied_udp' });
    updatePreferences(dir, (prefs) => withWebrtcPolicy(prefs, 'real'));
    expect(read(dir).webrtc).toEqual({ multiple_routes_enabled: false });
  });

  it('starts a file where there is none, readable only by its owner, and over a damaged one', () => {
    const fresh = profileFolder();
    updatePreferences(fresh, withoutSessionRestore);
    expect(read(fresh)).toEqual({});
    expect(fs.statSync(path.join(fresh, 'Default', 'Preferences')).mode & 0o777).toBe(0o600);
    const damaged = profileFolder('{not json');
    updatePreferences(damaged, withoutSessionRestore);
    expect(read(damaged)).toEqual({});
  });
});
