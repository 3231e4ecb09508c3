import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localSettingsSchema, readLocalSettings, SETTINGS_FILE, writeLocalSettings } from './localSettings.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-settings-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('local settings file', () => {
  it('starts from the defaults when there is none', () => {
    expect(readLocalSettings(dir)).toEqual({ profileDir: '', diskMinLimitGb: 1, automation: { open: true, bindip: '127.0.0.1', port: 50325, passwordHash: '', keyless: false } });
  });

  it('writes owner-only, reads back what it wrote, and leaves no temporary file', () => {
    const settings = { profileDir: '/srv/profiles', diskMinLimitGb: 7, automation: { open: false, bindip: '0.0.0.0', port: 50400, passwordHash: '', keyless: false } };
    writeLocalSettings(dir, settings);
    writeLocalSettings(dir, { ...settings, diskMinLimitGb: 8 });
    expect(readLocalSettings(dir)).toEqual({ ...settings, diskMinLimitGb: 8 });
    expect(fs.readdirSync(dir)).toEqual([SETTINGS_FILE]);
    expect(fs.statSync(path.join(dir, SETTINGS_FILE)).mode & 0o777).toBe(0o600);
  });

  it('refuses values outside the rules before touching the file', () => {
    writeLocalSettings(dir, localSettingsSchema.parse({ diskMinLimitGb: 3 }));
    const before = fs.readFileSync(path.join(dir, SETTINGS_FILE), 'utf8');
    expect(() => writeLocalSettings(dir, { ...localSettingsSchema.parse({}), diskMinLimitGb: 0 })).toThrow();
    expect(fs.readFileSync(path.join(dir, SETTINGS_FILE), 'utf8')).toBe(before);
    expect(fs.readdirSync(dir)).toEqual([SETTINGS_FILE]);
  });

  it('keeps the old file whole when the new one cannot take its place', () => {
    // A folder where the file should be: the rename fails after the new content was written.
    fs.mkdirSync(path.join(dir, SETTINGS_FILE));
    fs.writeFileSync(path.join(dir, SETTINGS_FILE, 'keep'), 'x');
    expect(() => writeLocalSettings(dir, localSettingsSchema.parse({}))).toThrow();
    expect(fs.readdirSync(dir)).toEqual([SETTINGS_FILE]);
    expect(fs.readFileSync(path.join(dir, SETTINGS_FILE, 'keep'), 'utf8')).toBe('x');
  });

  it('puts a damaged file aside and goes on with the defaults', () => {
    fs.writeFileSync(path.join(dir, SETTINGS_FILE), '{"diskMinLimitGb": 5, "automat');
    expect(readLocalSettings(dir).diskMinLimitGb).toBe(1);
    const names = fs.readdirSync(dir);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^settings\.json\.damaged-\d+$/);
    // A file that parses but breaks the rules is damaged too.
    fs.rmSync(path.join(dir, names[0]!));
    fs.writeFileSync(path.join(dir, SETTINGS_FILE), '{"diskMinLimitGb": 0}');
    expect(readLocalSettings(dir).diskMinLimitGb).toBe(1);
    expect(fs.readdirSync(dir)).toEqual([expect.stringMatching(/^settings\.json\.damaged-\d+$/)]);
  });
});
