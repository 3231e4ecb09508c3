import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOrCreateDeviceKey } from './deviceKey.ts';

describe('the device key', () => {
  it('is made once, kept private to its owner, and read back the same', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-device-'));
    const first = readOrCreateDeviceKey(dir);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fs.statSync(path.join(dir, 'device-key.pem')).mode & 0o777).toBe(0o600);
    expect(readOrCreateDeviceKey(dir).publicKey).toBe(first.publicKey);
    fs.rmSync(dir, { recursive: true });
  });

  it('opens nothing that was not sealed to it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-device-'));
    const key = readOrCreateDeviceKey(dir);
    const other = readOrCreateDeviceKey(fs.mkdtempSync(path.join(os.tmpdir(), 'facet-device-')));
    const forged = { publicKey: other.publicKey, iv: Buffer.alloc(12).toString('base64url'), data: Buffer.alloc(48, 1).toString('base64url') };
    expect(() => key.open(forged, 'p1')).toThrow();
    fs.rmSync(dir, { recursive: true });
  });

  it('refuses a key file it cannot read rather than making a new one over it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-device-'));
    fs.writeFileSync(path.join(dir, 'device-key.pem'), 'not a key');
    expect(() => readOrCreateDeviceKey(dir)).toThrow(/cannot be read/);
    expect(fs.readFileSync(path.join(dir, 'device-key.pem'), 'utf8')).toBe('not a key');
    fs.rmSync(dir, { recursive: true });
  });
});
