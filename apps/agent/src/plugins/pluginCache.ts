import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { inspectZip, isRefusal, type PackageFile } from '@facet/plugin-package';
import type { ProfilePlugin } from '@facet/contracts';
import { StartFailure } from '../startFailure.ts';

/** A plugin the agent will not load: its bytes are not the version the server pinned, or not a safe package. */
export class PluginRefusedError extends StartFailure {
  constructor(reason: 'pluginTampered' | 'pluginUnavailable', pluginId: string, detail: string) {
    super(reason, `plugin ${pluginId}: ${detail}`, pluginId);
  }
}

export interface VerifiedPlugin {
  plugin: ProfilePlugin;
  files: PackageFile[];
}

type Download = (plugin: ProfilePlugin) => Promise<Buffer>;

const SHA256 = /^[0-9a-f]{64}$/;
const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Plugin zips on this machine, one file per content hash under `<root>/<sha256>.zip`. Nothing is
 * trusted for being in the cache: every use hashes the file again, and a file that no longer
 * matches its name is thrown away and fetched anew. A download is kept only when its SHA-256 is
 * the one the server pinned for the profile; then the same inspector that judged the upload
 * judges it again (bounded, unsafe paths and bombs refused) before a single file is written.
 */
export class PluginCache {
  /** One fetch per hash at a time: two profiles starting with the same plugin share it. */
  private readonly pending = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly root: string,
    private readonly log: (line: string) => void,
  ) {}

  /** `download` fetches as whoever starts the profile (their session or API token). */
  async verified(plugin: ProfilePlugin, download: Download): Promise<VerifiedPlugin> {
    if (!SHA256.test(plugin.sha256)) throw new PluginRefusedError('pluginTampered', plugin.pluginId, 'the server named no valid content hash');
    const bytes = await this.bytesOf(plugin, download);
    const judged = await inspectZip(bytes, { keepFiles: true });
    if (isRefusal(judged)) throw new PluginRefusedError('pluginTampered', plugin.pluginId, `refused by the package inspector: ${judged.code}`);
    return { plugin, files: judged.files };
  }

  /**
   * Removes zips no start has used for `unusedForMs`: a plugin removed or moved to another
   * version is never loaded again, and its zip would stay forever. A zip still assigned
   * somewhere is simply downloaded and verified again at its next start.
   */
  async prune(unusedForMs: number, now = Date.now()): Promise<number> {
    const names = await fs.readdir(this.root).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      if (!/^[0-9a-f]{64}\.zip$/.test(name)) continue;
      const file = path.join(this.root, name);
      const stats = await fs.stat(file).catch(() => null);
      if (stats && now - stats.mtimeMs > unusedForMs) {
        await fs.rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  private bytesOf(plugin: ProfilePlugin, download: Download): Promise<Buffer> {
    let fetching = this.pending.get(plugin.sha256);
    if (!fetching) {
      fetching = this.cachedOrFetched(plugin, download).finally(() => this.pending.delete(plugin.sha256));
      this.pending.set(plugin.sha256, fetching);
    }
    return fetching;
  }

  private async cachedOrFetched(plugin: ProfilePlugin, download: Download): Promise<Buffer> {
    const file = path.join(this.root, `${plugin.sha256}.zip`);
    const cached = await fs.readFile(file).catch(() => null);
    if (cached && sha256Of(cached) === plugin.sha256) {
      // Marks it used, for prune().
      const now = new Date();
      await fs.utimes(file, now, now).catch(() => undefined);
      return cached;
    }
    if (cached) {
      this.log(`plugin ${plugin.pluginId}: the cached ${plugin.sha256}.zip no longer matches its hash; fetched again`);
      await fs.rm(file, { force: true });
    }
    let fetched: Buffer;
    try {
      fetched = await download(plugin);
    } catch (error) {
      throw new PluginRefusedError('pluginUnavailable', plugin.pluginId, (error as Error).message);
    }
    const actual = sha256Of(fetched);
    if (actual !== plugin.sha256) throw new PluginRefusedError('pluginTampered', plugin.pluginId, `downloaded bytes hash to ${actual}, pinned ${plugin.sha256}`);
    await fs.mkdir(this.root, { recursive: true, mode: 0o700 });
    // A temporary name and a rename: a crash never leaves half a zip under a hash.
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(temporary, fetched, { mode: 0o600 });
    await fs.rename(temporary, file);
    return fetched;
  }
}
