import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProfilePlugin } from '@facet/contracts';
import { writeZip } from '@facet/plugin-package/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PluginCache, PluginRefusedError } from './pluginCache.ts';
import { writeProfileExtensions } from './profileExtensions.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function extension(marker: string, ...extra: Array<{ name: string; data: Buffer }>): Buffer {
  const manifest = { manifest_version: 3, name: 'Marker', version: '1.0', content_scripts: [{ matches: ['<all_urls>'], js: ['js/mark.js'] }] };
  return writeZip([{ name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest)) }, { name: 'js/mark.js', data: Buffer.from(`document.documentElement.dataset.mark = '${marker}';\n`) }, ...extra]);
}

const pinned = (bytes: Buffer, pluginId = 'plg_1'): ProfilePlugin => ({ pluginId, versionId: 'ver_1', version: '1.0', sha256: sha256(bytes), size: bytes.length, url: `/v2/plugins/blob/${sha256(bytes)}` });

let dir: string;
let logged: string[];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-plugin-cache-'));
  logged = [];
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What the server would serve, counting how often it was asked. */
function serving(bytes: Buffer) {
  const served = { count: 0, download: async () => (served.count++, bytes) };
  return served;
}

describe('the agent’s plugin cache', () => {
  it('keeps a download whose hash is the pinned one, and serves it again without asking', async () => {
    const zip = extension('one');
    const server = serving(zip);
    const cache = new PluginCache(path.join(dir, 'cache'), (line) => logged.push(line));
    const first = await cache.verified(pinned(zip), server.download);
    expect(first.files.map((f) => f.path).sort()).toEqual(['js/mark.js', 'manifest.json']);
    expect(fs.readFileSync(path.join(dir, 'cache', `${sha256(zip)}.zip`))).toEqual(zip);
    await cache.verified(pinned(zip), server.download);
    expect(server.count).toBe(1);
  });

  it('refuses bytes that are not the pinned version, and keeps none of them', async () => {
    const zip = extension('one');
    const tampered = extension('evil');
    const cache = new PluginCache(path.join(dir, 'cache'), (line) => logged.push(line));
    const refused = await cache.verified(pinned(zip), serving(tampered).download).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PluginRefusedError);
    expect((refused as PluginRefusedError).reason).toBe('pluginTampered');
    expect(fs.existsSync(path.join(dir, 'cache', `${sha256(zip)}.zip`))).toBe(false);
  });

  it('throws away a cached zip changed on disk and fetches the pinned one again', async () => {
    const zip = extension('one');
    const server = serving(zip);
    const cache = new PluginCache(path.join(dir, 'cache'), (line) => logged.push(line));
    await cache.verified(pinned(zip), server.download);
    fs.writeFileSync(path.join(dir, 'cache', `${sha256(zip)}.zip`), extension('evil'));
    const again = await cache.verified(pinned(zip), server.download);
    expect(server.count).toBe(2);
    expect(again.files.find((f) => f.path === 'js/mark.js')!.content!.toString()).toContain("'one'");
    expect(logged.join('\n')).toContain('no longer matches its hash');
  });

  it('judges the package again: a zip that escapes its folder is refused even with a matching hash', async () => {
    const escaping = extension('one', { name: '../../evil.js', data: Buffer.from('x') });
    const cache = new PluginCache(path.join(dir, 'cache'), (line) => logged.push(line));
    const refused = await cache.verified(pinned(escaping), serving(escaping).download).catch((error: unknown) => error);
    expect((refused as PluginRefusedError).reason).toBe('pluginTampered');
    expect((refused as Error).message).toContain('PACKAGE_BAD_PATH');
  });

  it('names an unreachable server as unavailable', async () => {
    const zip = extension('one');
    const cache = new PluginCache(path.join(dir, 'cache'), () => {});
    const refused = await cache.verified(pinned(zip), () => Promise.reject(new Error('HTTP 404'))).catch((error: unknown) => error);
    expect((refused as PluginRefusedError).reason).toBe('pluginUnavailable');
  });
});

describe('a profile’s extension folders', () => {
  it('writes the verified files, rewrites a file changed since, and drops a plugin no longer assigned', async () => {
    const cache = new PluginCache(path.join(dir, 'cache'), () => {});
    const one = extension('one');
    const two = extension('two');
    const userDataDir = path.join(dir, 'profile');
    const verifiedOne = await cache.verified(pinned(one, 'plg_one'), serving(one).download);
    const verifiedTwo = await cache.verified(pinned(two, 'plg_two'), serving(two).download);
    const folders = await writeProfileExtensions(userDataDir, [verifiedOne, verifiedTwo]);
    expect(folders.map((f) => path.relative(userDataDir, f))).toEqual(['FacetExtensions/plg_one', 'FacetExtensions/plg_two']);
    const mark = path.join(folders[0]!, 'js/mark.js');
    expect(fs.readFileSync(mark, 'utf8')).toContain("'one'");

    fs.writeFileSync(mark, 'stealWallet();');
    const next = await writeProfileExtensions(userDataDir, [verifiedOne]);
    expect(next).toEqual([folders[0]]);
    expect(fs.readFileSync(mark, 'utf8')).toContain("'one'");
    expect(fs.existsSync(folders[1]!)).toBe(false);
    expect(await writeProfileExtensions(userDataDir, [])).toEqual([]);
    expect(fs.existsSync(path.join(userDataDir, 'FacetExtensions'))).toBe(false);
  });

  it('prunes zips no start has used for the given time, and keeps the ones in use', async () => {
    const [used, forgotten] = [extension('used'), extension('forgotten')];
    const cache = new PluginCache(path.join(dir, 'cache'), () => {});
    await cache.verified(pinned(used), serving(used).download);
    await cache.verified(pinned(forgotten, 'plg_2'), serving(forgotten).download);
    const day = 24 * 60 * 60 * 1000;
    const old = new Date(Date.now() - 40 * day);
    for (const bytes of [used, forgotten]) fs.utimesSync(path.join(dir, 'cache', `${sha256(bytes)}.zip`), old, old);
    // A start uses one of them again.
    await cache.verified(pinned(used), serving(used).download);
    expect(await cache.prune(30 * day)).toBe(1);
    expect(fs.readdirSync(path.join(dir, 'cache'))).toEqual([`${sha256(used)}.zip`]);
  });
});
