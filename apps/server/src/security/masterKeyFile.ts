import fs from 'node:fs';
import path from 'node:path';

/**
 * The master key file (secrets/data-key) and the one a rotation writes beside it
 * (secrets/data-key.next) before the database changes. See services/keyRotation.ts for the order
 * that keeps every moment of a rotation readable, and crypto/secretKeys.ts for how a start
 * after a crash finishes or abandons it.
 */
function masterKeyFiles(dataDir: string): { current: string; next: string } {
  const dir = path.join(dataDir, 'secrets');
  return { current: path.join(dir, 'data-key'), next: path.join(dir, 'data-key.next') };
}

export function readNextMasterKey(dataDir: string): string | null {
  try {
    return fs.readFileSync(masterKeyFiles(dataDir).next, 'utf8').trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Writes the next key durably (file and folder synced) before anything depends on it. */
export function writeNextMasterKey(dataDir: string, keyText: string): void {
  const { next } = masterKeyFiles(dataDir);
  fs.mkdirSync(path.dirname(next), { recursive: true, mode: 0o700 });
  const fd = fs.openSync(next, 'w', 0o600);
  try {
    fs.writeSync(fd, keyText + '\n');
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.chmodSync(next, 0o600);
  syncFolder(path.dirname(next));
}

/** The next key becomes the key: one rename, which either happened or did not. */
export function promoteNextMasterKey(dataDir: string): void {
  const { current, next } = masterKeyFiles(dataDir);
  fs.renameSync(next, current);
  syncFolder(path.dirname(current));
}

export function discardNextMasterKey(dataDir: string): void {
  fs.rmSync(masterKeyFiles(dataDir).next, { force: true });
}

function syncFolder(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
