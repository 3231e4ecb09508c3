import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { HOST_TOKEN_PREFIX } from '@facet/contracts';

export const HOST_TOKEN_FILE = 'host-token.json';

/** What a host keeps of its joining: the server it joined, its id there and its token. */
const hostTokenSchema = z.object({
  server: z.string().min(1),
  hostId: z.string().min(1),
  token: z.string().startsWith(HOST_TOKEN_PREFIX),
});
export type SavedHostToken = z.infer<typeof hostTokenSchema>;

/**
 * The host's token for `server`, or null when it has none for that server (never joined, or
 * joined another server: a token is one server's). A file that cannot be parsed counts as none,
 * and the host asks for a new code rather than guess.
 */
export function readHostToken(dataDir: string, server: string): SavedHostToken | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, HOST_TOKEN_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const saved = hostTokenSchema.safeParse(parsed);
  return saved.success && saved.data.server === server ? saved.data : null;
}

/**
 * Kept owner-only (0600) in the agent's data folder, written whole (a temporary file moved over
 * the old one): whoever holds it acts as this host and receives the secrets of profiles run on it.
 */
export function writeHostToken(dataDir: string, saved: SavedHostToken): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, HOST_TOKEN_FILE);
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    const fd = fs.openSync(temporary, 'w', 0o600);
    try {
      fs.writeFileSync(fd, JSON.stringify(hostTokenSchema.parse(saved)) + '\n');
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/** The host was removed from its team: its token works no more. */
export function forgetHostToken(dataDir: string): void {
  fs.rmSync(path.join(dataDir, HOST_TOKEN_FILE), { force: true });
}
