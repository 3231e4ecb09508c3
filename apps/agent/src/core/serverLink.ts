import { publicConfigSchema, type PublicConfig } from '@facet/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { serverBaseUrl } from '../config.ts';

/** Why a server address was refused; nothing is saved and the client keeps what it had. */
export type ServerLinkRefusalReason = 'invalidUrl' | 'unreachable' | 'notFacet' | 'fixed';

export class ServerLinkRefusal extends Error {
  constructor(readonly reason: ServerLinkRefusalReason) {
    super(reason);
  }
}

/** The file in the agent's data folder that keeps the server the person chose. */
export const SERVER_FILE = 'server.json';

/** The address as the person typed it, made into the base URL calls go to (config.ts's serverBaseUrl); refused when it is none. */
export function normalizeServerUrl(input: string): string {
  const url = serverBaseUrl(input);
  if (url === null) throw new ServerLinkRefusal('invalidUrl');
  return url;
}

/** Asks the address for a Facet server's config.json; what answers otherwise is not ours. */
export async function probeServer(url: string, timeoutMs = 10_000): Promise<PublicConfig> {
  let response: Response;
  try {
    response = await fetch(`${url}/config.json`, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch {
    throw new ServerLinkRefusal('unreachable');
  }
  const body: unknown = await response.json().catch(() => null);
  const parsed = publicConfigSchema.safeParse(body);
  if (!response.ok || !parsed.success) throw new ServerLinkRefusal('notFacet');
  return parsed.data;
}

function readSaved(dataDir: string): string | null {
  try {
    const saved = JSON.parse(fs.readFileSync(path.join(dataDir, SERVER_FILE), 'utf8')) as { url?: unknown };
    return typeof saved.url === 'string' ? normalizeServerUrl(saved.url) : null;
  } catch {
    // None yet, or a file no one should have edited: ask again rather than guess.
    return null;
  }
}

/**
 * Which server the desktop client works with: FACET_SERVER_URL when set (fixed), else what the
 * person entered at first start, kept in the agent's data folder. Null until one is named.
 */
export class ServerLink {
  private current: string | null;
  private readonly listeners: ((url: string) => void)[] = [];

  constructor(
    private readonly dataDir: string,
    private readonly fixedUrl: string | null,
  ) {
    this.current = fixedUrl ?? readSaved(dataDir);
  }

  get url(): string | null {
    return this.current;
  }

  get fixed(): boolean {
    return this.fixedUrl !== null;
  }

  onChange(listener: (url: string) => void): void {
    this.listeners.push(listener);
  }

  /** Checks the address answers as a Facet server, then keeps it (written whole, or not at all). */
  async set(input: string): Promise<string> {
    if (this.fixed) throw new ServerLinkRefusal('fixed');
    const url = normalizeServerUrl(input);
    await probeServer(url);
    fs.mkdirSync(this.dataDir, { recursive: true, mode: 0o700 });
    const file = path.join(this.dataDir, SERVER_FILE);
    const partial = `${file}.${process.pid}.part`;
    fs.writeFileSync(partial, `${JSON.stringify({ url })}\n`, { mode: 0o600 });
    fs.renameSync(partial, file);
    this.current = url;
    for (const listener of this.listeners) listener(url);
    return url;
  }
}
