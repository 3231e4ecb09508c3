import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { consoleDir, consoleDist, root } from './paths.mjs';
import { run, runOrExit } from './run.mjs';

/** Node 20.19 or newer: Vite 8 and our test runner need it. */
export function ensureNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Facet needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
    process.exit(1);
  }
}

function hashFiles(files) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file);
    hash.update(fs.existsSync(file) ? fs.readFileSync(file) : '');
  }
  return hash.digest('hex');
}

function workspaceManifests() {
  const manifests = [path.join(root, 'package.json'), path.join(root, 'package-lock.json')];
  for (const group of ['packages', 'apps']) {
    for (const name of fs.readdirSync(path.join(root, group))) manifests.push(path.join(root, group, name, 'package.json'));
  }
  manifests.push(path.join(root, 'e2e/package.json'));
  return manifests;
}

/** npm dependencies, installed again only when a manifest or the lock file changed. */
export async function ensureNpmDependencies() {
  const stampFile = path.join(root, 'node_modules/.facet-install-stamp');
  const wanted = hashFiles(workspaceManifests());
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === wanted) return;
  console.log('Installing npm dependencies (the first time takes a few minutes: better-sqlite3 and argon2 compile)…');
  const hasLock = fs.existsSync(path.join(root, 'package-lock.json'));
  await runOrExit('npm', [hasLock ? 'ci' : 'install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root });
  fs.writeFileSync(stampFile, hashFiles(workspaceManifests()));
}

/** Debian's chromium without chromium-l10n: its locales folder holds en-US alone. */
function missesTranslations(chromium) {
  const locales = path.join(path.dirname(fs.realpathSync(chromium)), 'locales');
  return fs.existsSync(locales) && !fs.existsSync(path.join(locales, 'de.pak')) && chromium.startsWith('/usr/');
}

const chromiumPaths = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/google-chrome', '/opt/google/chrome/chrome'];

export function findChromium() {
  if (process.env.CHROME_PATH && fs.existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  return chromiumPaths.find((p) => fs.existsSync(p)) ?? null;
}

function onPath(command) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Debian packages: Chromium (profiles, app window, e2e) and Xvfb (headful browsers without a
 * screen); with `vnc`, TigerVNC's Xvnc as well (host mode: each remote run's display and VNC
 * server, apps/agent/src/browser/machine/vncDisplay.ts; and the tests of it); with `testTools`, the
 * X tools tests read a display with. Installed with apt
 * when missing and we run as root; otherwise we say what to run. Returns which are present afterwards.
 */
export async function ensureSystemPackages({ required, vnc = false, testTools = false }) {
  const missing = [];
  if (!findChromium()) missing.push('chromium');
  // Debian's Chromium ships only en-US; without its translations a profile's LANGUAGE cannot
  // set the locale pages read through Intl (apps/agent/src/browser/launch/launchPlan.ts).
  if (!findChromium() || missesTranslations(findChromium())) missing.push('chromium-l10n');
  if (!onPath('Xvfb')) missing.push('xvfb', 'xauth');
  // Selenium's driver for Debian's Chromium, of the same version: the local API names it as
  // `webdriver` at each start (apps/agent/src/browser/machine/chromedriver.ts).
  if (!findChromium()?.startsWith('/opt/') && !fs.existsSync('/usr/bin/chromedriver')) missing.push('chromium-driver');
  // A C compiler: the agent compiles its WebGL image driver with it for machines without a GPU
  // (apps/agent/src/browser/machine/webglImageDriver.ts); without one a page script stands in.
  if (!onPath('cc')) missing.push('gcc', 'libc6-dev');
  if (vnc && !onPath('Xvnc')) missing.push('tigervnc-standalone-server');
  // What tests read a host's display with, as a program on the host would: its clipboard
  // (xclip), its windows (xwininfo, xev) and, through a viewer, its text (tesseract).
  if (testTools && !onPath('xclip')) missing.push('xclip');
  if (testTools && !onPath('xwininfo')) missing.push('x11-utils');
  if (testTools && !onPath('tesseract')) missing.push('tesseract-ocr');
  if (missing.length && process.getuid?.() === 0 && onPath('apt-get')) {
    const extras = ['fonts-noto-cjk', 'fonts-liberation'];
    console.log(`Installing ${missing.join(', ')} with apt-get…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if ((await run('apt-get', ['update', '-qq'], { env })) === 0) {
      await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing, ...extras], { env });
    }
  }
  const chromium = findChromium();
  const xvfb = onPath('Xvfb');
  const xvnc = onPath('Xvnc');
  if ((!chromium || !xvfb || (vnc && !xvnc)) && required) {
    console.error(
      `Facet needs Chromium and Xvfb${vnc ? ' and Xvnc' : ''} for this. Install them with:\n  sudo apt-get install chromium chromium-l10n xvfb xauth${vnc ? ' tigervnc-standalone-server' : ''}\n(or set CHROME_PATH to a Chromium or Chrome binary).`,
    );
    process.exit(1);
  }
  if (!chromium) console.warn('Chromium not found: the desktop window will not open (install it with: sudo apt-get install chromium).');
  return { chromium, xvfb, xvnc };
}

function listFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

/** Our packages the console imports (its @facet/ dependencies), whose sources go into its build. */
function consolePackages() {
  const manifest = JSON.parse(fs.readFileSync(path.join(consoleDir, 'package.json'), 'utf8'));
  return Object.keys(manifest.dependencies ?? {})
    .filter((name) => name.startsWith('@facet/'))
    .map((name) => name.slice('@facet/'.length));
}

/** The console build, rebuilt only when its sources (or the packages it uses) changed. */
export async function ensureConsoleBuild() {
  const sources = [
    ...listFiles(path.join(consoleDir, 'src')),
    ...listFiles(path.join(consoleDir, 'public')),
    path.join(consoleDir, 'index.html'),
    path.join(consoleDir, 'vite.config.ts'),
    path.join(consoleDir, 'localeParts.ts'),
    path.join(consoleDir, 'precompress.ts'),
    ...consolePackages().flatMap((p) => listFiles(path.join(root, 'packages', p, 'src'))),
    path.join(root, 'package-lock.json'),
  ]
    .filter((f) => !f.endsWith('.test.ts'))
    .sort();
  const wanted = hashFiles(sources);
  const stampFile = path.join(consoleDist, '.build-stamp');
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === wanted) return;
  console.log('Building the console…');
  // Always React's production build: a build started under a test runner (NODE_ENV=test, as the
  // desktop package journey does) otherwise ships React's development code, twice the size.
  await runOrExit(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: consoleDir, env: { ...process.env, NODE_ENV: 'production' } });
  fs.writeFileSync(stampFile, wanted);
}
