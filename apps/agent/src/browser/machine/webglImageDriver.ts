import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { trustedBuild } from './cacheTrust.ts';
import { webglImageDriverSource } from './webglImageDriverSource.ts';

/**
 * The WebGL image of a profile drawn by the machine's software GPU itself (the driver's source
 * says how): Chromium's own SwiftShader, with a small Vulkan driver of ours in front of it that
 * Chromium's environment names. No function of the page changes, so a lie detector finds
 * nothing, and readPixels, toDataURL, workers and the screen agree.
 */
export interface WebglImageDriver {
  /** The Vulkan driver manifest: VK_DRIVER_FILES. */
  manifest: string;
  /** SwiftShader beside the Chromium build, which the driver passes every call on to. */
  swiftShader: string;
}

const LIBRARY = 'libfacet_webgl_image.so';
const MANIFEST = 'facet_webgl_image.json';

/** The environment that puts the driver in front of SwiftShader with the profile's seed. */
export function webglImageDriverEnv(driver: WebglImageDriver, seed: number): Record<string, string> {
  return { VK_DRIVER_FILES: driver.manifest, FACET_VK_DRIVER: driver.swiftShader, FACET_WEBGL_SEED: String(seed >>> 0) };
}

const compiling = new Map<string, Promise<WebglImageDriver | null>>();

/**
 * The driver for this Chromium, compiled once per version of its source into `cacheDir`; null
 * when there is nothing to put it in front of (no SwiftShader beside the build) or no C compiler:
 * then a page script adds the noise, as before. A failure on the way is logged and tried again at
 * the next start.
 */
export function webglImageDriver(executable: string, cacheDir: string, log: (line: string) => void): Promise<WebglImageDriver | null> {
  // Asked at every start: answered from memory after the first, without touching the disk.
  const key = `${executable}\0${cacheDir}`;
  let known = compiling.get(key);
  if (!known) {
    known = build(executable, cacheDir).catch((error: unknown) => {
      log(`no WebGL image driver: ${String(error)}`);
      compiling.delete(key);
      return null;
    });
    compiling.set(key, known);
  }
  return known;
}

/** SwiftShader beside the build's real executable, or null when it has none. */
function swiftShaderOf(executable: string): string | null {
  try {
    const swiftShader = path.join(path.dirname(fs.realpathSync(executable)), 'libvk_swiftshader.so');
    return fs.statSync(swiftShader).isFile() ? swiftShader : null;
  } catch {
    return null;
  }
}

async function build(executable: string, cacheDir: string): Promise<WebglImageDriver | null> {
  const swiftShader = swiftShaderOf(executable);
  if (!swiftShader) return null;
  const version = crypto.createHash('sha256').update(webglImageDriverSource).digest('hex').slice(0, 16);
  const dir = path.join(cacheDir, `webgl-image-driver--${version}`);
  const found = (): WebglImageDriver => {
    trustedBuild(cacheDir, dir, path.join(dir, LIBRARY), path.join(dir, MANIFEST));
    return { manifest: path.join(dir, MANIFEST), swiftShader };
  };
  if (fs.existsSync(path.join(dir, '.complete'))) return found();
  const compiler = await firstOnPath(['cc', 'gcc', 'clang']);
  if (!compiler) return null;
  fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
  const temporary = fs.mkdtempSync(path.join(cacheDir, '.building-'));
  try {
    const source = path.join(temporary, 'webglImageDriver.c');
    fs.writeFileSync(source, webglImageDriverSource);
    await run(compiler, ['-O2', '-shared', '-fPIC', '-o', path.join(temporary, LIBRARY), source, '-ldl', '-lpthread']);
    // The manifest names the library where it will be once the folder is in place.
    const manifest = { file_format_version: '1.0.0', ICD: { library_path: path.join(dir, LIBRARY), api_version: '1.3.0' } };
    fs.writeFileSync(path.join(temporary, MANIFEST), `${JSON.stringify(manifest)}\n`);
    fs.writeFileSync(path.join(temporary, '.complete'), `${version}\n`);
    if (!fs.existsSync(path.join(dir, '.complete'))) {
      fs.rmSync(dir, { recursive: true, force: true }); // what a build cut short left
      try {
        fs.renameSync(temporary, dir);
      } catch (error) {
        // Another agent finished the same build first: its driver is the same.
        if (!fs.existsSync(path.join(dir, '.complete'))) throw error;
      }
    }
    pruneEarlier(cacheDir, dir);
    return found();
  } finally {
    fs.rmSync(temporary, { recursive: true, force: true });
  }
}

/** Drivers of an earlier source: no start names them any more. */
function pruneEarlier(cacheDir: string, current: string): void {
  for (const name of fs.readdirSync(cacheDir)) {
    if (name.startsWith('webgl-image-driver--') && path.join(cacheDir, name) !== current) fs.rmSync(path.join(cacheDir, name), { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 60_000 }, (error, _stdout, stderr) => (error ? reject(new Error(`${command} failed: ${stderr.trim() || error.message}`)) : resolve()));
  });
}

async function firstOnPath(commands: string[]): Promise<string | null> {
  for (const command of commands) {
    for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
      const candidate = path.join(dir, command);
      try {
        await fs.promises.access(candidate, fs.constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return null;
}
