import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fontFolders, machineFonts, readMachineFonts } from './machineFonts.ts';

const hasFontconfig = spawnSync('fc-list', ['--version']).status === 0;

describe("the machine's fonts, kept between starts", () => {
  it.skipIf(!hasFontconfig)('answers from what it kept while the font folders are unchanged, and asks again a moment after a start once a minute old', async () => {
    // An environment of its own: the kept answers are per fontconfig environment.
    const env = { ...process.env, FONTCONFIG_FILE: '/etc/fonts/fonts.conf', FC_LANG: 'en-kept' };
    const first = machineFonts(env, 1_000_000);
    expect(machineFonts(env, 1_059_000)).toBe(first);
    expect(machineFonts({ ...env, FC_LANG: 'ja' }, 1_059_000)).not.toBe(first);
    const installed = (await first).installed;
    expect(installed.length).toBeGreaterThan(0);
    // A minute on: this start still gets the kept answer, and so does one while fontconfig is
    // asked again behind it (not during this start: 200 ms from now); the next one the new answer.
    expect(machineFonts(env, 1_061_000, 200)).toBe(first);
    expect(machineFonts(env, 1_061_100, 200)).toBe(first);
    await vi.waitFor(() => expect(machineFonts(env, 1_062_000)).not.toBe(first), { timeout: 10_000 });
    expect((await machineFonts(env, 1_062_000)).installed).toEqual(installed);
  });

  it.skipIf(!hasFontconfig)('asks again at once when a font folder changed', async () => {
    const dataHome = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-fonts-'));
    try {
      const env = { ...process.env, FONTCONFIG_FILE: '/etc/fonts/fonts.conf', XDG_DATA_HOME: dataHome };
      const first = machineFonts(env, 2_000_000);
      await first;
      expect(machineFonts(env, 2_001_000)).toBe(first);
      // A person installs fonts into their own folder: a new folder under it.
      fs.mkdirSync(path.join(dataHome, 'fonts', 'new-family'), { recursive: true });
      expect(machineFonts(env, 2_002_000)).not.toBe(first);
    } finally {
      fs.rmSync(dataHome, { recursive: true, force: true });
    }
  });

  it.skipIf(!hasFontconfig)('asks fontconfig once for the list and every generic, and fails where it is missing', async () => {
    const machine = await readMachineFonts(process.env);
    expect(machine.installed.length).toBeGreaterThan(0);
    expect(machine.generics).toHaveLength(12);
    expect(machine.generics[2]).toBe(spawnSync('fc-match', ['--format', '%{family[0]}', 'monospace'], { encoding: 'utf8' }).stdout.trim());
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-no-fc-'));
    try {
      await expect(readMachineFonts({ ...process.env, PATH: empty })).rejects.toThrow(/fontconfig failed/);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('stamps each folder under the roots, and a missing root as missing', () => {
    const dataHome = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-fonts-'));
    try {
      const env = { HOME: dataHome, XDG_DATA_HOME: dataHome };
      const before = fontFolders(env);
      expect(before).toContain(`${path.join(dataHome, 'fonts')}:-`);
      fs.mkdirSync(path.join(dataHome, 'fonts', 'a', 'b'), { recursive: true });
      const after = fontFolders(env);
      expect(after).not.toBe(before);
      expect(after).toContain(`${path.join(dataHome, 'fonts', 'a', 'b')}:`);
      // Unchanged folders give the same stamp.
      expect(fontFolders(env)).toBe(after);
    } finally {
      fs.rmSync(dataHome, { recursive: true, force: true });
    }
  });
});
