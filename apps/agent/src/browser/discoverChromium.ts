import fs from 'node:fs';

/**
 * Where a Chromium can be: CHROME_PATH first, then the usual install paths. On Debian the
 * real binary is /usr/lib/chromium/chromium; /usr/bin/chromium is a wrapper that adds its own
 * flags and extensions, so it comes after.
 */
export const chromiumCandidates = [
  '/usr/lib/chromium/chromium',
  '/usr/lib/chromium-browser/chromium-browser',
  '/opt/google/chrome/chrome',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

export function discoverChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = env.CHROME_PATH ? [env.CHROME_PATH, ...chromiumCandidates] : chromiumCandidates;
  for (const candidate of candidates) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here; try the next
    }
  }
  return null;
}
