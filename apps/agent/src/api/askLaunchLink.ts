import fs from 'node:fs';
import path from 'node:path';
import { OWNER_SECRET_FILE } from '../storage/installSecret.ts';

/**
 * A launch link from the agent running on `dataDir` at `agentUrl`, asked with the owner secret
 * in that folder: what a second start of the client (or the owner's script) does to open the
 * console. Null when the file cannot be read or the agent refuses.
 */
export async function askLaunchLink(dataDir: string, agentUrl: string, pagePath = '/'): Promise<string | null> {
  let secret: string;
  try {
    secret = fs.readFileSync(path.join(dataDir, OWNER_SECRET_FILE), 'utf8').trim();
  } catch {
    return null;
  }
  const response = await fetch(new URL(`/launch?path=${encodeURIComponent(pagePath)}`, agentUrl), { method: 'POST', headers: { authorization: `Bearer ${secret}` } }).catch(() => null);
  if (!response?.ok) return null;
  const body = (await response.json()) as { url?: unknown };
  return typeof body.url === 'string' ? body.url : null;
}
