import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findPlatformSite, platformExecutable } from './platformBuild.ts';
import { TempFolders } from '../../../test/helpers/tempFolders.ts';

/**
 * A small x86-64 ELF shaped as Chromium's build is where it makes navigator.platform: the literal
 * in a read-only segment (beside the user agent's "X11; Linux x86_64"), and in the code segment
 * `lea rsi,[rip+literal]; lea rdi,[rbp-0x10]; mov edx,12`. Code is mapped 0x1000 above its file
 * offset, as in Chromium 156.
 */
const LITERAL_AT = 0x201;
const LEA_AT = 0x1100;
const CODE_VADDR_SHIFT = 0x1000;

function elf(options: { machine?: number; references?: number[] } = {}): Buffer {
  const file = Buffer.alloc(0x2000);
  file.writeUInt32BE(0x7f454c46, 0);
  file[4] = 2; // 64-bit
  file[5] = 1; // little-endian
  file.writeUInt16LE(options.machine ?? 62, 18);
  file.writeBigUInt64LE(64n, 32); // e_phoff
  file.writeUInt16LE(56, 54);
  file.writeUInt16LE(2, 56);
  const segment = (index: number, flags: number, offset: number, vaddr: number) => {
    const at = 64 + index * 56;
    file.writeUInt32LE(1, at); // PT_LOAD
    file.writeUInt32LE(flags, at + 4);
    file.writeBigUInt64LE(BigInt(offset), at + 8);
    file.writeBigUInt64LE(BigInt(vaddr), at + 16);
    file.writeBigUInt64LE(0x1000n, at + 32);
  };
  segment(0, 4, 0, 0);
  segment(1, 5, 0x1000, 0x1000 + CODE_VADDR_SHIFT);
  file.write('X11; Linux x86_64\0', 0x180, 'latin1');
  file.write('Linux x86_64\0', LITERAL_AT, 'latin1');
  for (const at of options.references ?? [LEA_AT]) {
    const next = at + CODE_VADDR_SHIFT + 7;
    Buffer.from([0x48, 0x8d, 0x35]).copy(file, at);
    file.writeInt32LE(LITERAL_AT - next, at + 3);
    Buffer.from([0x48, 0x8d, 0x7d, 0xf0, 0xba, 12, 0, 0, 0]).copy(file, at + 7);
  }
  return file;
}

const folders = new TempFolders('platform-build');
const folder = () => folders.make();
afterEach(() => folders.removeAll());

describe('findPlatformSite', () => {
  it('finds the literal on its own and the length loaded after the one lea that points at it', async () => {
    expect(await findPlatformSite(elf())).toEqual({ literalOffset: LITERAL_AT, lengthOffset: LEA_AT + 7 + 4 + 1 });
  });

  it('finds nothing where the place is not exactly one, or the file is not an x86-64 ELF', async () => {
    expect(await findPlatformSite(elf({ references: [LEA_AT, LEA_AT + 0x40] }))).toBeNull();
    expect(await findPlatformSite(elf({ references: [] }))).toBeNull();
    expect(await findPlatformSite(elf({ machine: 183 }))).toBeNull(); // aarch64
    expect(await findPlatformSite(Buffer.from('#!/bin/sh\nexec chromium "$@"\n'))).toBeNull();
  });
});

describe('platformExecutable', () => {
  it('makes one copy per platform that reports it, beside links to the build\'s other files', async () => {
    const install = folder();
    const cache = folder();
    const executable = path.join(install, 'chromium');
    fs.writeFileSync(executable, elf(), { mode: 0o755 });
    fs.writeFileSync(path.join(install, 'resources.pak'), 'resources');
    const lines: string[] = [];

    const built = await platformExecutable(executable, 'Win32', cache, (line) => lines.push(line));
    expect(built).not.toBeNull();
    expect(path.dirname(built!).startsWith(cache)).toBe(true);
    const copy = fs.readFileSync(built!);
    expect(copy.subarray(LITERAL_AT, LITERAL_AT + 12).toString('latin1')).toBe('Win32\0\0\0\0\0\0\0');
    expect(copy.readUInt32LE(LEA_AT + 12)).toBe(5);
    // The rest of the file is the build's own.
    expect(copy.subarray(0, LITERAL_AT).equals(elf().subarray(0, LITERAL_AT))).toBe(true);
    expect(fs.lstatSync(path.join(path.dirname(built!), 'resources.pak')).isSymbolicLink()).toBe(true);
    expect(fs.statSync(built!).mode & 0o111).not.toBe(0);
    // The source is untouched; a second ask is the same copy.
    expect(fs.readFileSync(executable).equals(elf())).toBe(true);
    expect(await platformExecutable(executable, 'Win32', cache, () => {})).toBe(built);
    expect(lines).toEqual([]);

    const mac = await platformExecutable(executable, 'MacIntel', cache, () => {});
    expect(mac).not.toBe(built);
    expect(fs.readFileSync(mac!).readUInt32LE(LEA_AT + 12)).toBe(8);
    expect(fs.readdirSync(cache)).toHaveLength(2);

    // An upgrade replaces the binary: its build is made anew and the earlier ones go.
    fs.writeFileSync(executable, Buffer.concat([elf(), Buffer.alloc(16)]), { mode: 0o755 });
    const upgraded = await platformExecutable(executable, 'Win32', cache, () => {});
    expect(upgraded).not.toBe(built);
    expect(fs.readdirSync(cache)).toEqual([path.basename(path.dirname(upgraded!))]);
  });

  it('refuses a build in the cache that someone else could have written', async () => {
    const install = folder();
    const executable = path.join(install, 'chromium');
    fs.writeFileSync(executable, elf(), { mode: 0o755 });
    const made = await platformExecutable(executable, 'Win32', folder(), () => {});
    // The same build, found in another cache whose folder anyone may write into.
    const planted = folder();
    fs.cpSync(path.dirname(path.dirname(made!)), planted, { recursive: true, verbatimSymlinks: true });
    const plantedDir = path.join(planted, path.basename(path.dirname(made!)));
    fs.chmodSync(plantedDir, 0o777);
    const lines: string[] = [];
    expect(await platformExecutable(executable, 'Win32', planted, (line) => lines.push(line))).toBeNull();
    expect(lines.join('\n')).toMatch(/not this user's alone/);
    fs.chmodSync(plantedDir, 0o700);
    expect(await platformExecutable(executable, 'Win32', planted, () => {})).toBe(path.join(plantedDir, 'chromium'));
  });

  it('is the build itself for its own platform, and none for what a copy cannot hold', async () => {
    const install = folder();
    const cache = folder();
    const executable = path.join(install, 'chromium');
    fs.writeFileSync(executable, elf(), { mode: 0o755 });
    expect(await platformExecutable(executable, 'Linux x86_64', cache, () => {})).toBe(executable);
    expect(await platformExecutable(executable, 'Linux aarch64', cache, () => {})).toBeNull(); // longer than the build's
    const wrapper = path.join(install, 'wrapper');
    fs.writeFileSync(wrapper, '#!/bin/sh\nexec chromium "$@"\n', { mode: 0o755 });
    const lines: string[] = [];
    // Debian's /usr/bin/chromium: not a build at all, which is no failure to report.
    expect(await platformExecutable(wrapper, 'Win32', cache, (line) => lines.push(line))).toBeNull();
    expect(lines).toEqual([]);
    expect(fs.readdirSync(cache).filter((name) => name.startsWith('.building-'))).toEqual([]);
  });
});
