import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { ChangeListeners, type AuthChangeFeed } from './authChangeFeed.ts';

/** The channel migration 0022's triggers notify on; the payload is "<schema> <account id>". */
const AUTH_CHANGES_CHANNEL = 'facet_auth_changes';
const RECONNECT_MS = 1000;

/**
 * Hears PostgreSQL's notices of changed accounts and sessions (migration 0022's triggers), from
 * any instance or the operator CLI. PostgreSQL sends a notice when the change commits, so no
 * instance can read the old row after hearing it. Notices sent while this connection is away
 * are lost, so while it is away the feed is not live (the cache answers nothing), and when it is
 * back everything is forgotten once.
 */
export async function postgresChangeFeed(url: string, schema: string, log: FastifyBaseLogger): Promise<AuthChangeFeed> {
  const listeners = new ChangeListeners();
  let live = false;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  /** `from` ended or failed: forget, stop answering, and listen again shortly. */
  const lost = (from: pg.Client, error?: Error) => {
    if (client !== from) return;
    const wasLive = live;
    live = false;
    client = null;
    listeners.tell(null);
    if (closed) return;
    if (wasLive) log.warn({ err: error }, 'the session cache stopped hearing PostgreSQL; it answers nothing until it hears again');
    retry = setTimeout(() => void listen().catch(() => undefined), RECONNECT_MS);
    retry.unref();
  };

  const listen = async () => {
    const next = new pg.Client({ connectionString: url, application_name: `facet-auth-changes ${schema}`.slice(0, 63), keepAlive: true });
    client = next;
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (notice) => {
      const [from, accountId] = (notice.payload ?? '').split(' ');
      if (from === schema && accountId) listeners.tell(accountId);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${AUTH_CHANGES_CHANNEL}`);
    } catch (error) {
      lost(next, error as Error);
      await next.end().catch(() => undefined);
      throw error;
    }
    listeners.tell(null);
    live = true;
    if (retry) log.info('the session cache hears PostgreSQL again');
  };

  try {
    await listen();
  } catch (error) {
    // Not reachable at start: the start fails, as it does for the database itself.
    closed = true;
    if (retry) clearTimeout(retry);
    throw error;
  }
  return {
    get live() {
      return live;
    },
    poll: () => undefined,
    onChange: (listener) => listeners.add(listener),
    description: `changes heard through PostgreSQL's notices on ${AUTH_CHANGES_CHANNEL} for schema ${schema}`,
    close: async () => {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      await client?.end();
    },
  };
}
