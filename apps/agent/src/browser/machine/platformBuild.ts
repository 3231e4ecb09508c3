import fs from 'node:fs';
import path from 'node:path';
import { trustedBuild } from './cacheTrust.ts';

/**
 * A copy of the installed Chromium that reports another `navigator.platform` by itself, in pages
 * and in every kind of worker.
 *
 * On Linux, Blink's NavigatorBase::platform() returns a constant of the build, "Linux x86_64",
 * which no switch, environment or CDP command reaches in a worker (CDP's override reaches pages
 * and frames only). A page script can stand in for the getter, but every stand-in is a Proxy, and
 * a Proxy shows through V8's stack traces (CreepJS: "failed object toString error"). So the
 * constant is changed where it lives: x86-64 builds make the String from the literal and its
 * length, `lea rsi,[rip+literal]` then `mov edx,12`; the copy holds the profile's platform in
 * the literal's bytes and its length in the immediate. Everything else of the build is the same
 * file, linked (resources, locales, libraries), and the copy is made once per installed binary
 * and platform, in a cache every agent of this user shares.
 */

/** The platform an x86-64 Linux build reports, and the most bytes a replacement may take. */
const BUILD_PLATFORM = 'Linux x86_64';
const LITERAL = Buffer.from(`${BUILD_PLATFORM}\0`, 'latin1');
const MAX_LENGTH = BUILD_PLATFORM.length;
/** `mov edx, 12`: the literal's length, as the String constructor is given it. */
const LENGTH_IMMEDIATE = Buffer.from([0xba, MAX_LENGTH, 0, 0, 0]);
/** How far after the `lea` the length may be loaded (one `lea rdi,[rbp-x]` in between today). */
const LENGTH_WINDOW = 16;

/** Bytes of code scanned between two turns of the event loop (a power of two). */
const SLICE_MASK = 4 * 1024 * 1024 - 1;

/** Where a build keeps its platform: the literal's bytes and the immediate of its length. */
interface PlatformSite {
  literalOffset: number;
  lengthOffset: number;
}

interface Segment {
  offset: number;
  vaddr: number;
  size: number;
  executable: boolean;
}

/** The loadable segments of a 64-bit little-endian x86-64 ELF file; null for anything else. */
function segmentsOf(elf: Buffer): Segment[] | null {
  if (elf.length < 64 || elf.readUInt32BE(0) !== 0x7f454c46) return null;
  // 64-bit, little-endian, x86-64.
  if (elf[4] !== 2 || elf[5] !== 1 || elf.readUInt16LE(18) !== 62) return null;
  const phoff = Number(elf.readBigUInt64LE(32));
  const phentsize = elf.readUInt16LE(54);
  const phnum = elf.readUInt16LE(56);
  const segments: Segment[] = [];
  for (let i = 0; i < phnum; i += 1) {
    const at = phoff + i * phentsize;
    if (at + 56 > elf.length) return null;
    if (elf.readUInt32LE(at) !== 1) continue; // PT_LOAD
    const flags = elf.readUInt32LE(at + 4);
    segments.push({ offset: Number(elf.readBigUInt64LE(at + 8)), vaddr: Number(elf.readBigUInt64LE(at + 16)), size: Number(elf.readBigUInt64LE(at + 32)), executable: (flags & 1) === 1 });
  }
  return segments;
}

function vaddrOf(segments: Segment[], offset: number): number | null {
  const segment = segments.find((s) => offset >= s.offset && offset < s.offset + s.size);
  return segment ? segment.vaddr + (offset - segment.offset) : null;
}

/**
 * The one place the build makes its platform, or null when this is not such a build or the place
 * is not exactly one (another compiler's output): then nothing is changed and the page script
 * stands in, as before.
 */
export async function findPlatformSite(elf: Buffer): Promise<PlatformSite | null> {
  const segments = segmentsOf(elf);
  if (!segments) return null;
  // The literal on its own (not the end of "X11; Linux x86_64"): a NUL before it.
  const literals: number[] = [];
  for (let at = elf.indexOf(LITERAL); at !== -1; at = elf.indexOf(LITERAL, at + 1)) {
    if (at > 0 && elf[at - 1] === 0) literals.push(at);
  }
  if (literals.length !== 1) return null;
  const literalOffset = literals[0]!;
  const literalVaddr = vaddrOf(segments, literalOffset);
  if (literalVaddr === null) return null;
  const sites: PlatformSite[] = [];
  for (const segment of segments.filter((s) => s.executable)) {
    const end = Math.min(segment.offset + segment.size, elf.length) - 7;
    for (let at = segment.offset; at < end; at += 1) {
      // Some 200 MB of code: the agent's other work goes on between slices.
      if ((at & SLICE_MASK) === 0) await new Promise((resolve) => setImmediate(resolve));
      // lea r64, [rip+disp32]: REX.W (0x48, or 0x4c for r8–r15), 0x8d, ModRM with mod 00 and r/m 101.
      if (elf[at + 1] !== 0x8d || (elf[at] !== 0x48 && elf[at] !== 0x4c) || (elf[at + 2]! & 0xc7) !== 0x05) continue;
      const target = segment.vaddr + (at - segment.offset) + 7 + elf.readInt32LE(at + 3);
      if (target !== literalVaddr) continue;
      const window = elf.subarray(at + 7, at + 7 + LENGTH_WINDOW);
      const found = window.indexOf(LENGTH_IMMEDIATE);
      if (found === -1 || window.indexOf(LENGTH_IMMEDIATE, found + 1) !== -1) return null;
      sites.push({ literalOffset, lengthOffset: at + 7 + found + 1 });
    }
  }
  return sites.length === 1 ? sites[0]! : null;
}

/** Whether a build can be made to report `platform` (printable ASCII, no longer than its own). */
function fitsBuild(platform: string): boolean {
  return platform.length > 0 && platform.length <= MAX_LENGTH && /^[\x20-\x7e]+$/.test(platform);
}

/** The bytes to write at a site for `platform`: the literal (NUL-padded) and the length. */
function patchFor(platform: string): { literal: Buffer; length: Buffer } {
  const literal = Buffer.alloc(MAX_LENGTH, 0);
  literal.write(platform, 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(platform.length);
  return { literal, length };
}

const building = new Map<string, Promise<string | null>>();

/**
 * The executable that reports `platform` by itself: `executable` when its build already does,
 * a patched copy (made once, in `cacheDir`) when it can be made, and null when not: another
 * architecture or build, a platform longer than the build's (both simply null, remembered), or a
 * failure on the way (no room on disk, a cache someone else could write: `log` says which, and the
 * next start tries again).
 */
export function platformExecutable(executable: string, platform: string, cacheDir: string, log: (line: string) => void): Promise<string | null> {
  if (platform === BUILD_PLATFORM) return Promise.resolve(executable);
  if (!fitsBuild(platform)) return Promise.resolve(null);
  let stamp: string;
  try {
    const real = fs.realpathSync(executable);
    const stats = fs.statSync(real);
    stamp = `${real}\0${stats.size}\0${Math.floor(stats.mtimeMs)}\0${platform}\0${cacheDir}`;
  } catch {
    return Promise.resolve(null);
  }
  let known = building.get(stamp);
  if (!known) {
    known = buildFor(executable, platform, cacheDir).catch((error: unknown) => {
      log(`no ${platform} build of ${executable}: ${String(error)}`);
      building.delete(stamp); // tried again at the next start (the disk may have had no room)
      return null;
    });
    building.set(stamp, known);
  }
  return known;
}

/** A path as part of a folder name. */
const slug = (text: string) => text.replace(/[^A-Za-z0-9.-]+/g, '_').replace(/^_+/, '');

/** The folder of one build: named by the source's path, size and time, and the platform. */
function buildDir(real: string, stats: fs.Stats, platform: string, cacheDir: string): string {
  return path.join(cacheDir, `${slug(real)}--${stats.size}-${Math.floor(stats.mtimeMs)}--${platform.replace(/[^A-Za-z0-9]+/g, '_')}`);
}

/**
 * Builds of an earlier binary at the same path (a package upgrade replaced it): their links now
 * reach the new build's files, so they could not run anyway, and each holds some 300 MB.
 */
function pruneEarlier(real: string, stats: fs.Stats, cacheDir: string): void {
  const prefix = `${slug(real)}--`;
  const current = `${prefix}${stats.size}-${Math.floor(stats.mtimeMs)}--`;
  for (const name of fs.readdirSync(cacheDir)) {
    if (name.startsWith(prefix) && !name.startsWith(current)) fs.rmSync(path.join(cacheDir, name), { recursive: true, force: true });
  }
}

async function buildFor(executable: string, platform: string, cacheDir: string): Promise<string | null> {
  const real = fs.realpathSync(executable);
  const stats = fs.statSync(real);
  const dir = buildDir(real, stats, platform, cacheDir);
  const built = path.join(dir, path.basename(real));
  // A finished build holds its marker; a half-made one (a crash meanwhile) is made again.
  if (fs.existsSync(path.join(dir, '.complete'))) return trustedBuild(cacheDir, dir, built);
  const site = await findPlatformSite(await fs.promises.readFile(real));
  // Not such a build (a wrapper script such as Debian's /usr/bin/chromium, another architecture
  // or compiler): no copy, and nothing went wrong; the page script stands in.
  if (!site) return null;
  fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
  const temporary = fs.mkdtempSync(path.join(cacheDir, '.building-'));
  try {
    // The build's other files, where Chromium looks for them: beside its executable.
    for (const name of fs.readdirSync(path.dirname(real))) {
      if (name !== path.basename(real)) fs.symlinkSync(path.join(path.dirname(real), name), path.join(temporary, name));
    }
    const copy = path.join(temporary, path.basename(real));
    // A clone where the file system shares blocks (btrfs, XFS), a copy elsewhere.
    await fs.promises.copyFile(real, copy, fs.constants.COPYFILE_FICLONE);
    const { literal, length } = patchFor(platform);
    const handle = await fs.promises.open(copy, 'r+');
    try {
      await handle.write(literal, 0, literal.length, site.literalOffset);
      await handle.write(length, 0, length.length, site.lengthOffset);
    } finally {
      await handle.close();
    }
    await fs.promises.chmod(copy, 0o755);
    fs.writeFileSync(path.join(temporary, '.complete'), `${platform}\n`);
    // Another agent may have finished the same build meanwhile (its browsers may run from it).
    if (fs.existsSync(path.join(dir, '.complete'))) return trustedBuild(cacheDir, dir, built);
    fs.rmSync(dir, { recursive: true, force: true }); // what a build cut short left
    try {
      fs.renameSync(temporary, dir);
    } catch (error) {
      // Another agent finished the same build first: its copy is the same.
      if (!fs.existsSync(path.join(dir, '.complete'))) throw error;
    }
    pruneEarlier(real, stats, cacheDir);
    return trustedBuild(cacheDir, dir, built);
  } finally {
    fs.rmSync(temporary, { recursive: true, force: true });
  }
}
