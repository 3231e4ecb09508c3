import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromedriverFinder, parseChromedriverMajor } from './chromedriver.ts';

describe('chromedriver for a profile\'s browser', () => {
  it('reads the major a chromedriver reports', () => {
    expect(parseChromedriverMajor('ChromeDriver 156.0.8078.79 (a21ce95c24ce3964416f09ae1862f53f319eb4d0-refs/branch-heads/8078@{#1704})')).toBe(156);
    expect(parseChromedriverMajor('Chromium 156.0.8078.79')).toBeNull();
  });

  it('names only a chromedriver of the browser\'s major, else none', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-driver-'));
    const driver = path.join(dir, 'chromedriver');
    fs.writeFileSync(driver, '#!/bin/sh\necho "ChromeDriver 150.0.7871.100 (abc)"\n', { mode: 0o755 });
    try {
      const find = chromedriverFinder({ CHROMEDRIVER_PATH: driver });
      expect(await find(150)).toBe(driver);
      // Another major: Debian's own, when it is installed and matches; never this one.
      expect(await find(151)).not.toBe(driver);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
