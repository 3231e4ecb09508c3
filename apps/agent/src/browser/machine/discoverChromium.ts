import fs from 'node:fs';

/**
 * Where a Chromium can be: CHROME_PATH first, then the usual install paths. On Debian the
 * real binary is /usr/lib/chromium/chromium; /usr/bin/chromium is a wrapper that adds its own
 * flags and extensions, so it comes after.
 */
const chromiumCandidates = [
  '/usr/lib/chromium/chromium',
  '/usr/lib/chromium-browser/chromium-browser',
  '/opt/google/chrome/chrome',
  '/opt/google/chrome-beta/chrome',
  '/opt/google/chrome-unstable/chrome',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome-beta',
  '/usr/bin/google-chrome-unstable',
];

function isExecutableFile(candidate: string): boolean {
  try {
    fs.accessSync(candidate, fs.constants.X_OK);
    return fs.statSync(candidate).isFile();
  } catch {
    return false; // not here (or not ours to run)
  }
}

/** Every executable candidate, CHROME_PATH first, each once. */
export function discoverChromiumPaths(env: NodeJS.ProcessEnv = process.env): string[] {
  const candidates = env.CHROME_PATH ? [env.CHROME_PATH, ...chromiumCandidates] : chromiumCandidates;
  return [...new Set(candidates)].filter(isExecutableFile);
}

/** The default browser: the first one found. */
export function discoverChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  return discoverChromiumPaths(env)[0] ?? null;
}
