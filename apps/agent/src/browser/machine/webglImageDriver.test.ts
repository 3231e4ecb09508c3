import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { webglImageDriver, webglImageDriverEnv } from './webglImageDriver.ts';
import { TempFolders } from '../../../test/helpers/tempFolders.ts';

const folders = new TempFolders('webgl-driver');
const folder = () => folders.make();
afterEach(() => folders.removeAll());

/** A Chromium install as the driver sees it: the executable and SwiftShader beside it. */
function install(withSwiftShader = true): string {
  const dir = folder();
  fs.writeFileSync(path.join(dir, 'chromium'), '', { mode: 0o755 });
  if (withSwiftShader) fs.writeFileSync(path.join(dir, 'libvk_swiftshader.so'), '');
  return path.join(dir, 'chromium');
}

const compiles = ['cc', 'gcc', 'clang'].some((command) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});

describe('webglImageDriver', () => {
  it.skipIf(!compiles)('compiles a Vulkan driver once, named by its manifest, that the loader can negotiate with (needs a C compiler)', async () => {
    const executable = install();
    const cache = folder();
    const lines: string[] = [];
    const driver = await webglImageDriver(executable, cache, (line) => lines.push(line));
    expect(lines).toEqual([]);
    expect(driver).not.toBeNull();
    expect(driver!.swiftShader).toBe(path.join(path.dirname(executable), 'libvk_swiftshader.so'));
    const manifest = JSON.parse(fs.readFileSync(driver!.manifest, 'utf8')) as { ICD: { library_path: string } };
    expect(path.dirname(manifest.ICD.library_path)).toBe(path.dirname(driver!.manifest));
    expect(fs.statSync(manifest.ICD.library_path).isFile()).toBe(true);
    // nm comes with the compiler's binutils.
    const exported = execFileSync('nm', ['-D', '--defined-only', manifest.ICD.library_path], { encoding: 'utf8' });
    for (const name of ['vk_icdNegotiateLoaderICDInterfaceVersion', 'vk_icdGetInstanceProcAddr', 'vk_icdGetPhysicalDeviceProcAddr']) expect(exported).toContain(name);
    expect(await webglImageDriver(executable, cache, () => {})).toBe(driver);
    expect(fs.readdirSync(cache).filter((name) => name.startsWith('.building-'))).toEqual([]);
    expect(webglImageDriverEnv(driver!, -1)).toEqual({ VK_DRIVER_FILES: driver!.manifest, FACET_VK_DRIVER: driver!.swiftShader, FACET_WEBGL_SEED: '4294967295' });
  });

  it.skipIf(!compiles)('refuses a driver in the cache that someone else could have written (needs a C compiler)', async () => {
    const made = await webglImageDriver(install(), folder(), () => {});
    const planted = folder();
    fs.cpSync(path.dirname(path.dirname(made!.manifest)), planted, { recursive: true });
    const plantedDir = path.join(planted, path.basename(path.dirname(made!.manifest)));
    fs.chmodSync(path.join(plantedDir, 'libfacet_webgl_image.so'), 0o666);
    const lines: string[] = [];
    expect(await webglImageDriver(install(), planted, (line) => lines.push(line))).toBeNull();
    expect(lines.join('\n')).toMatch(/not this user's alone/);
  });

  it('is none where no SwiftShader sits beside the build, without an error', async () => {
    const lines: string[] = [];
    const cache = folder();
    expect(await webglImageDriver(install(false), cache, (line) => lines.push(line))).toBeNull();
    expect(await webglImageDriver(path.join(folder(), 'missing'), cache, (line) => lines.push(line))).toBeNull();
    expect(lines).toEqual([]);
    expect(fs.readdirSync(cache)).toEqual([]);
  });
});
