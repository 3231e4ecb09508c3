import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverChromiumPaths } from './discoverChromium.ts';
import { kernelCatalog, kernelFor, parseVersionOutput } from './kernels.ts';

const REAL = '/usr/lib/chromium/chromium';
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-kernels-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A stand-in browser: a script that says a version (and counts how often it was asked). */
function fakeBrowser(name: string, says: string, delaySeconds = 0): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\necho x >> "${file}.asked"\n${delaySeconds ? `sleep ${delaySeconds}\n` : ''}echo "${says}"\n`, { mode: 0o755 });
  return file;
}
const timesAsked = (file: string) => (fs.existsSync(`${file}.asked`) ? fs.readFileSync(`${file}.asked`, 'utf8').split('\n').filter(Boolean).length : 0);

describe('kernel versions', () => {
  it('reads what the browsers print', () => {
    expect(parseVersionOutput('Chromium 156.0.8078.79 built on Debian GNU/Linux 12 (bookworm)\n')).toEqual({ product: 'Chromium', version: '156.0.8078.79', major: 156 });
    expect(parseVersionOutput('Google Chrome 126.0.6478.126 \n')).toEqual({ product: 'Google Chrome', version: '126.0.6478.126', major: 126 });
    expect(parseVersionOutput('Google Chrome for Testing 120.0.6099.109')).toEqual({ product: 'Google Chrome', version: '120.0.6099.109', major: 120 });
    expect(parseVersionOutput('Chromium 120.0.6099.224 snap')?.major).toBe(120);
    expect(parseVersionOutput('Mozilla Firefox 128.0')).toBeNull();
    expect(parseVersionOutput('')).toBeNull();
  });

  it('finds the installed Chromium and its real version', async () => {
    expect(discoverChromiumPaths({})).toContain(REAL);
    expect(discoverChromiumPaths({ CHROME_PATH: REAL })[0]).toBe(REAL);
    const printed = execFileSync(REAL, ['--version'], { encoding: 'utf8' });
    const started = performance.now();
    const kernels = await kernelCatalog({ discover: () => discoverChromiumPaths({}) }).list();
    const first = performance.now() - started;
    const [kernel] = kernels;
    expect(kernel).toEqual({ path: REAL, product: 'Chromium', version: printed.match(/\d+\.\d+\.\d+\.\d+/)![0], major: Number(printed.match(/(\d+)\./)![1]) });
    // Debian's /usr/bin/chromium wrapper runs the same engine: listed once.
    expect(kernels.filter((k) => k.version === kernel!.version)).toHaveLength(1);
    console.log(`kernel versions read in ${first.toFixed(0)} ms: ${kernels.map((k) => `${k.product} ${k.version} (${k.path})`).join(', ')}`);
  });

  it('asks each binary once per modification, and again after an upgrade', async () => {
    const browser = fakeBrowser('chrome-a', 'Google Chrome 130.0.1.2');
    const catalog = kernelCatalog({ discover: () => [browser] });
    expect((await catalog.list())[0]).toMatchObject({ product: 'Google Chrome', major: 130 });
    await catalog.list();
    expect(timesAsked(browser)).toBe(1);
    fakeBrowser('chrome-a', 'Google Chrome 131.0.1.2');
    fs.utimesSync(browser, new Date(), new Date(Date.now() + 5000));
    expect((await catalog.list())[0]!.major).toBe(131);
    expect(timesAsked(browser)).toBe(2);
  });

  it('leaves out a binary that hangs or says nothing it knows, and keeps the order', async () => {
    const hung = fakeBrowser('hung', 'Chromium 1.0.0.0', 5);
    const odd = fakeBrowser('odd', 'something else');
    const good = fakeBrowser('good', 'Chromium 140.0.1.2');
    const lines: string[] = [];
    const started = performance.now();
    const kernels = await kernelCatalog({ discover: () => [hung, odd, good], timeoutMs: 500, log: (l) => lines.push(l) }).list();
    expect(performance.now() - started).toBeLessThan(4000);
    expect(kernels.map((k) => k.path)).toEqual([good]);
    expect(lines).toHaveLength(2);
  });
});

describe('which kernel a profile runs on', () => {
  const kernels = [
    { path: '/a', product: 'Chromium' as const, version: '156.0.1.1', major: 156 },
    { path: '/b', product: 'Google Chrome' as const, version: '150.0.1.1', major: 150 },
  ];
  it('takes the installed one of the asked major', () => {
    expect(kernelFor(kernels, '150')?.path).toBe('/b');
    expect(kernelFor(kernels, '156')?.path).toBe('/a');
  });
  it('takes the default for a major that is not installed, and has none when nothing is', () => {
    expect(kernelFor(kernels, '149')?.path).toBe('/a');
    expect(kernelFor([], '156')).toBeNull();
  });
  it('takes the default for a version that names no major', () => {
    expect(kernelFor(kernels, 'latest')?.path).toBe('/a');
  });
});
