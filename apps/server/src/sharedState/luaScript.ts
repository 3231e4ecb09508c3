import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Lua script run atomically by Redis. It goes by its SHA-1 (EVALSHA: a few bytes per call)
 * and is sent whole only when Redis does not know it yet: after its start, a restart or a
 * SCRIPT FLUSH, Redis answers NOSCRIPT.
 */
export class LuaScript {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}
