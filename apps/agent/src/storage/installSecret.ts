import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** The file whose content lets its reader ask the running agent for a launch link (api/consoleAccess.ts). */
export const OWNER_SECRET_FILE = 'owner-secret';

/**
 * A secret of this installation (the bridge secret; the key the console seals its local storage
 * with): 32 random bytes made once, kept owner-only in the agent's data folder, and given only to
 * the page the agent itself serves.
 */
export function readOrCreateInstallSecret(dataDir: string, name = 'install-secret'): string {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, name);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
