import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The local API's key: FACET_LOCAL_API_KEY when set, else the one made at first start and kept
 * owner-only in the agent's folder (printed at start so the user can copy it into scripts).
 */
export function readOrCreateLocalApiKey(dataDir: string, fromEnv: string | undefined): { key: string; created: boolean } {
  if (fromEnv) {
    if (fromEnv.length < 16) throw new Error('FACET_LOCAL_API_KEY must be at least 16 characters');
    return { key: fromEnv, created: false };
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'local-api-key');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 16) return { key: existing, created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, key + '\n', { mode: 0o600 });
  return { key, created: true };
}
