import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkConsoleBudget, gzipBytes, initialFiles, weighInitialLoad } from './consoleBudget.mjs';

/**
 * A small build: the entry imports react and a shared chunk; the sign-in route, the parts of the
 * English texts and the other languages load dynamically.
 */
const manifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_react-b2.js', '_shared-c3.js'],
    dynamicImports: ['src/features/auth/LoginPage.tsx', 'src/features/profiles/ProfileListPage.tsx', '../../packages/i18n/src/locales/en-US.json?part=entry', '../../packages/i18n/src/locales/en-US.json?part=rest', '../../packages/i18n/src/locales/de.json?part=entry'],
    css: ['assets/index-d4.css'],
  },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  '_shared-c3.js': { file: 'assets/shared-c3.js', imports: ['_react-b2.js'], css: ['assets/shared-e5.css'] },
  'src/features/auth/LoginPage.tsx': { file: 'assets/LoginPage-f6.js', isDynamicEntry: true, imports: ['_shared-c3.js', '_form-g7.js'] },
  '_form-g7.js': { file: 'assets/form-g7.js', imports: ['_react-b2.js'] },
  'src/features/profiles/ProfileListPage.tsx': { file: 'assets/ProfileListPage-h8.js', isDynamicEntry: true, imports: ['_table-i9.js'] },
  '_table-i9.js': { file: 'assets/table-i9.js' },
  '../../packages/i18n/src/locales/en-US.json?part=entry': { file: 'assets/en-US-j1.js', isDynamicEntry: true },
  '../../packages/i18n/src/locales/en-US.json?part=rest': { file: 'assets/en-US-l3.js', isDynamicEntry: true },
  '../../packages/i18n/src/locales/de.json?part=entry': { file: 'assets/de-k2.js', isDynamicEntry: true },
};
const roots = ['index.html', 'src/features/auth/LoginPage.tsx', '../../packages/i18n/src/locales/en-US.json?part=entry'];

/** Random bytes do not compress: a file whose gzip weighs about its length. */
function randomFile(bytes) {
  return Buffer.from(Array.from({ length: bytes }, () => Math.floor(Math.random() * 256)));
}

const dirs = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function distWith(contents, withManifest = manifest) {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-budget-'));
  dirs.push(dist);
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(withManifest));
  for (const chunk of Object.values(withManifest)) {
    for (const file of [chunk.file, ...(chunk.css ?? [])]) fs.writeFileSync(path.join(dist, file), contents[file] ?? 'x');
  }
  return dist;
}

describe('the console budget', () => {
  it('walks static imports and their CSS from each root, once each, never into dynamic imports', () => {
    expect(initialFiles(manifest, roots).map((f) => f.file)).toEqual([
      'assets/index-a1.js',
      'assets/index-d4.css',
      'assets/react-b2.js',
      'assets/shared-c3.js',
      'assets/shared-e5.css',
      'assets/LoginPage-f6.js',
      'assets/form-g7.js',
      'assets/en-US-j1.js',
    ]);
  });

  it('names a root the manifest no longer has', () => {
    expect(() => initialFiles(manifest, ['index.html', 'src/features/auth/SignInPage.tsx'])).toThrow(/no chunk src\/features\/auth\/SignInPage.tsx/);
  });

  it('sums gzip sizes and lists the files largest first', () => {
    const bytes = { 'assets/react-b2.js': randomFile(3000), 'assets/form-g7.js': randomFile(2000) };
    const read = (file) => bytes[file] ?? Buffer.from(file);
    const result = weighInitialLoad(manifest, read, { budget: 10_000, roots });
    expect(result.files.map((f) => f.file).slice(0, 2)).toEqual(['assets/react-b2.js', 'assets/form-g7.js']);
    expect(result.total).toBe(result.files.reduce((sum, f) => sum + gzipBytes(read(f.file)), 0));
    expect(result.ok).toBe(true);
    expect(result.files.some((f) => f.file.includes('table') || f.file.includes('de-') || f.file.includes('en-US-l3'))).toBe(false);
  });

  it('passes a build within the budget and fails one over it, naming the chunks largest first', () => {
    const fileOf = (key) => manifest[key].file;
    const light = distWith({});
    const signIn = (budget) => [{ page: 'the sign-in page', roots, budget }];
    expect(checkConsoleBudget(light, signIn(10_000))).toEqual([]);

    // The sign-in route's form chunk grew to 6 kB: over an 8 kB budget, and named first.
    const heavy = distWith({ [fileOf('_form-g7.js')]: randomFile(6000), [fileOf('_react-b2.js')]: randomFile(2000) });
    const problems = checkConsoleBudget(heavy, signIn(8000));
    expect(problems[0]).toMatch(/^the sign-in page loads .* over the budget of 8\.0 kB/);
    expect(problems[1]).toContain('assets/form-g7.js');
    expect(problems[2]).toContain('assets/react-b2.js');
    expect(problems.join('\n')).not.toContain('table-i9');
  });

  it('weighs each page against its own budget and names the page over it', () => {
    const list = ['index.html', 'src/features/profiles/ProfileListPage.tsx'];
    const dist = distWith({ [manifest['_table-i9.js'].file]: randomFile(6000) });
    const pages = [
      { page: 'the sign-in page', roots, budget: 5000 },
      { page: 'the browser list', roots: list, budget: 5000 },
    ];
    const problems = checkConsoleBudget(dist, pages);
    expect(problems[0]).toMatch(/^the browser list loads/);
    expect(problems[1]).toContain('assets/table-i9.js');
    expect(problems.join('\n')).not.toContain('the sign-in page');
    expect(checkConsoleBudget(dist, [{ page: 'the browser list', roots: ['index.html', 'src/features/profiles/ListPage.tsx'], budget: 5000 }])[0]).toMatch(/^the browser list: .*no chunk src\/features\/profiles\/ListPage.tsx/);
  });

  it('asks for a build when there is no manifest', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-budget-'));
    dirs.push(empty);
    expect(checkConsoleBudget(empty)[0]).toMatch(/build the console first/);
  });
});
