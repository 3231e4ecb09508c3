import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import { SessionCache, type SessionChangeFeed } from './sessionCache.ts';

/** What the cache needs of the database connection: its change feed and this process's own writes (db/connect.ts). */
interface ChangeSources {
  openChangeFeed(log: FastifyBaseLogger): Promise<SessionChangeFeed & { description: string; close(): Promise<void> }>;
  authWrites: { onWrite(listener: () => void): void };
}

/**
 * The server's session cache, told of every write that may change what it keeps: this process's
 * own (at once) and other processes' (the database's change feed). Null when switched off
 * (FACET_SESSION_CACHE_SECONDS=0); then no feed is opened.
 */
export async function openSessionCache(database: ChangeSources, seconds: number, clock: Clock, log: FastifyBaseLogger): Promise<{ cache: SessionCache; close(): Promise<void> } | null> {
  if (seconds <= 0) {
    log.info('session cache: off (FACET_SESSION_CACHE_SECONDS=0), every call asks the database');
    return null;
  }
  const feed = await database.openChangeFeed(log);
  log.info(`session cache: ${seconds} s at most, ${feed.description}`);
  const cache = new SessionCache(feed, seconds * 1000, () => clock.now());
  database.authWrites.onWrite(() => cache.forget(null));
  return { cache, close: () => feed.close() };
}
