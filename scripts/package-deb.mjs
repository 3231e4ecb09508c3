import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { assembleDesktopApp } from './lib/desktopBundle.mjs';
import { buildDeb } from './lib/debPackage.mjs';
import { ensureConsoleBuild, ensureNode, ensureNpmDependencies } from './lib/ensure.mjs';
import { root } from './lib/paths.mjs';

/**
 * `npm run package:deb`: the desktop client as a Debian package in dist/, installed with
 * `sudo apt install ./dist/facet-client_<version>_<arch>.deb`. `--fast` compresses with gzip
 * instead of xz (tests; the package is larger).
 */
const { values } = parseArgs({ options: { fast: { type: 'boolean', default: false }, out: { type: 'string', default: path.join(root, 'dist') } } });
ensureNode();
await ensureNpmDependencies();
await ensureConsoleBuild();

const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
fs.mkdirSync(values.out, { recursive: true });
const work = fs.mkdtempSync(path.join(values.out, '.stage-'));
try {
  console.log('Bundling the desktop client…');
  const appDir = path.join(work, 'app');
  const packages = await assembleDesktopApp(appDir, { version });
  console.log('Building the Debian package…');
  const file = await buildDeb({ stageDir: path.join(work, 'deb'), appDir, packages, version, outDir: values.out, compression: values.fast ? 'gzip' : 'xz' });
  console.log(`\n${path.relative(process.cwd(), file)} (${(fs.statSync(file).size / 1e6).toFixed(1)} MB)\nInstall it with: sudo apt install ./${path.relative(process.cwd(), file)}`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
