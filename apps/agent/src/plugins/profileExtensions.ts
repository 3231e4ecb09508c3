import fs from 'node:fs/promises';
import path from 'node:path';
import type { VerifiedPlugin } from './pluginCache.ts';

/** Inside the profile's user-data-dir: Chromium's own folders never use this name. */
const FOLDER = 'FacetExtensions';

/**
 * Writes the profile's verified plugins to `<userDataDir>/FacetExtensions/<pluginId>/` and
 * returns the folders to load. Everything there is rewritten from verified bytes at every start,
 * so a file changed on disk since the last run never loads, and a plugin no longer assigned is
 * gone. The folder per plugin id stays the same across versions: Chromium derives an unpacked
 * extension's id from its path, and the extension's own storage (a wallet's keys) follows the id.
 */
export async function writeProfileExtensions(userDataDir: string, plugins: VerifiedPlugin[]): Promise<string[]> {
  const root = path.join(userDataDir, FOLDER);
  // --load-extension takes a comma-separated list: a folder with a comma cannot be named in it.
  if (root.includes(',')) throw new Error(`the profile folder ${root} has a comma, which --load-extension cannot carry`);
  await fs.rm(root, { recursive: true, force: true });
  if (plugins.length === 0) return [];
  const folders: string[] = [];
  for (const { plugin, files } of plugins) {
    const folder = path.join(root, safeSegment(plugin.pluginId));
    for (const file of files) {
      // The inspector refused absolute paths, `..` and links; resolve once more all the same.
      const target = path.resolve(folder, file.path);
      if (!target.startsWith(folder + path.sep)) throw new Error(`plugin ${plugin.pluginId}: ${file.path} leaves its folder`);
      await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await fs.writeFile(target, file.content ?? Buffer.alloc(0), { mode: 0o600 });
    }
    folders.push(folder);
  }
  return folders;
}

function safeSegment(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new Error(`plugin id ${JSON.stringify(id)} is not a folder name`);
  return id;
}
