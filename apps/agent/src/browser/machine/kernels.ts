import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { Kernel } from '@facet/contracts';
import { discoverChromiumPaths } from './discoverChromium.ts';

/**
 * The installed browsers profiles can run on ("kernels"), each with the version it reports.
 * A binary is asked `--version` once per path and modification time: a package upgrade replaces
 * the file and is read again, everything else comes from memory.
 */

const VERSION_TIMEOUT_MS = 10_000;

/** `Chromium 156.0.8078.79 built on Debian…`, `Google Chrome 126.0.6478.126`, `Google Chrome for Testing 120.0.6099.109`. */
export function parseVersionOutput(output: string): Pick<Kernel, 'product' | 'version' | 'major'> | null {
  const match = /\b(Chromium|Google Chrome)(?: for Testing)?\s+((\d+)\.\d+\.\d+\.\d+)/.exec(output);
  if (!match) return null;
  return { product: match[1] as Kernel['product'], version: match[2]!, major: Number(match[3]) };
}

export function runVersion(binary: string, timeoutMs: number = VERSION_TIMEOUT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(binary, ['--version'], { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout);
    });
  });
}

export interface KernelCatalog {
  /** The kernels found now, the default (first found) first; binaries that fail to answer are left out. */
  list(): Promise<Kernel[]>;
}

interface KernelCatalogOptions {
  discover?: () => string[];
  log?: (line: string) => void;
  /** How long a binary may take to say its version (a hung one is killed and left out). */
  timeoutMs?: number;
}

export function kernelCatalog(options: KernelCatalogOptions = {}): KernelCatalog {
  const discover = options.discover ?? (() => discoverChromiumPaths());
  const versions = new Map<string, Promise<Kernel | null>>();

  const read = (binary: string): Promise<Kernel | null> => {
    let stamp: string;
    try {
      const stats = fs.statSync(binary);
      stamp = `${binary}\0${stats.mtimeMs}\0${stats.size}`;
    } catch {
      return Promise.resolve(null);
    }
    let known = versions.get(stamp);
    if (!known) {
      known = runVersion(binary, options.timeoutMs ?? VERSION_TIMEOUT_MS).then(
        (output) => {
          const parsed = parseVersionOutput(output);
          if (!parsed) options.log?.(`${binary} --version said nothing we know: ${output.trim().slice(0, 200)}`);
          return parsed ? { path: binary, ...parsed } : null;
        },
        (error: unknown) => {
          options.log?.(`${binary} --version failed: ${String(error)}`);
          versions.delete(stamp); // asked again next time: it may have been busy
          return null;
        },
      );
      versions.set(stamp, known);
    }
    return known;
  };

  return {
    list: async () => {
      const found = (await Promise.all(discover().map(read))).filter((kernel): kernel is Kernel => kernel !== null);
      // Debian's /usr/bin/chromium wraps /usr/lib/chromium/chromium: one engine, listed once.
      const seen = new Set<string>();
      return found.filter((kernel) => {
        const key = `${kernel.product} ${kernel.version}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
  };
}

/**
 * The kernel a profile runs on: an installed one of the major its `kernelVersion` names (the
 * first such, as discovery orders them); otherwise the default. A profile made on an older
 * Chromium then runs on the newer one, as a person's Chrome does after an update, and the launch
 * brings its user agent to that major (see alignToKernel): an engine shows its real major in
 * every feature test a site runs, so a user agent naming another would contradict it.
 */
export function kernelFor(kernels: readonly Kernel[], kernelVersion: string): Kernel | null {
  const major = /^\d+/.test(kernelVersion.trim()) ? Number.parseInt(kernelVersion, 10) : null;
  return kernels.find((kernel) => kernel.major === major) ?? kernels[0] ?? null;
}
