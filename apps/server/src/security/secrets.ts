import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Per-install secrets kept as files in the data folder, outside the database: a database dump
 * alone does not reveal them. Created on first start with owner-only permissions.
 */
export function readOrCreateSecret(dataDir: string, name: string, bytes = 32): string {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const value = randomBytes(bytes).toString('base64url');
  try {
    fs.writeFileSync(file, value + '\n', { mode: 0o600, flag: 'wx' });
    return value;
  } catch (error) {
    // Another process (the CLI) created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}
