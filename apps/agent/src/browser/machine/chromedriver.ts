import fs from 'node:fs';
import { runVersion } from './kernels.ts';

/**
 * Where Selenium finds a chromedriver for a profile's browser (AdsPower's `webdriver`): one whose
 * major matches the Chromium the profile runs on, else none (''), since chromedriver refuses a
 * browser of another major. Debian's `chromium-driver` (/usr/bin/chromedriver) matches Debian's
 * `chromium`; CHROMEDRIVER_PATH names another. Each binary is asked `--version` once.
 */
export function chromedriverFinder(env: NodeJS.ProcessEnv = process.env): (browserMajor: number) => Promise<string> {
  const candidates = [env.CHROMEDRIVER_PATH, '/usr/bin/chromedriver', '/usr/lib/chromium/chromedriver'].filter((file): file is string => !!file);
  const majors = new Map<string, Promise<number | null>>();
  const majorOf = (file: string) => {
    let known = majors.get(file);
    if (!known) {
      known = runVersion(file).then(
        (output) => parseChromedriverMajor(output),
        () => null,
      );
      majors.set(file, known);
    }
    return known;
  };
  return async (browserMajor) => {
    for (const file of candidates) {
      if (fs.existsSync(file) && (await majorOf(file)) === browserMajor) return file;
    }
    return '';
  };
}

/** `ChromeDriver 156.0.8078.79 (a21ce95c…)` → 156. */
export function parseChromedriverMajor(output: string): number | null {
  const match = /\bChromeDriver\s+(\d+)\.\d+\.\d+\.\d+/.exec(output);
  return match ? Number(match[1]) : null;
}
