import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** A key prefix of its own for one test server or test file, so parallel tests on one Redis never meet. */
export function testRedisPrefix(): string {
  return `facet-test:${randomBytes(6).toString('hex')}:`;
}

/** Deletes every key under a test's prefix (a test leaves nothing behind in Redis). */
export async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  if (!/^[\w:-]+$/.test(prefix)) throw new Error(`refusing to drop keys by a pattern: ${prefix}`);
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
