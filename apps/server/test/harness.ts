import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ApiClient, memoryCredentialStore } from '@facet/api-client';
import { captchaCall, type SessionGrant } from '@facet/contracts';
import pg from 'pg';
import { buildApp, type FacetServer } from '../src/app.ts';
import { loadServerConfig, type ServerConfig } from '../src/config.ts';
import type { RateLimitRules } from '../src/guards/rateLimiter.ts';
import { dropRedisKeys, testRedisPrefix } from './support/redisKeys.ts';

/** The captcha text every test server draws, since a test cannot read the image. */
export const TEST_CAPTCHA = 'K7PX';

export const onPostgres = process.env.FACET_TEST_DB === 'postgres';

/**
 * With REDIS_URL (scripts/test.mjs passes it to the PostgreSQL suite only), test servers keep
 * counts, signatures, the jobs' lock and socket.io rooms in Redis, each under its own prefix.
 */
export const redisUrl = process.env.REDIS_URL || null;

/** Server time = real time + offset; tests move it forward past expiries. */
export class TestClock {
  offsetMs = 0;
  now = () => Date.now() + this.offsetMs;
  advance(seconds: number) {
    this.offsetMs += seconds * 1000;
  }
}

export interface TestServer {
  baseUrl: string;
  dataDir: string;
  clock: TestClock;
  facet: FacetServer;
  schema: string | null;
  /** What the server was started with; a second instance (`joining`) starts with the same. */
  config: ServerConfig;
  productionLimits: boolean;
  client(options?: { lang?: number; grant?: SessionGrant | null; apiToken?: string; onLoginRequired?: () => void; fetch?: typeof fetch; cookieSession?: 'cookie' | 'cookie-keep' }): ApiClient;
  /** The newest code mailed to an address, read from the outbox like a local user would. */
  codeFor(address: string): string;
  outboxFiles(): string[];
  /** Stops the server and starts it again on the same data folder or schema, clock and port. */
  restart(): Promise<void>;
  /** Stops the server; the first instance also drops its data folder, schema and Redis keys (close the others first). */
  close(): Promise<void>;
}

/**
 * A real server on 127.0.0.1 with its own data folder, on SQLite or (FACET_TEST_DB=postgres)
 * on its own PostgreSQL schema, dropped at close.
 */
/** Every test call comes from 127.0.0.1, so per-IP limits are widened unless a test checks them. */
const roomyPerIpLimits: Partial<RateLimitRules> = {
  loginPerIp: { limit: 100_000, windowSeconds: 600 },
  codeSendPerIp: { limit: 100_000, windowSeconds: 600 },
  captchaPerIp: { limit: 100_000, windowSeconds: 600 },
  refreshPerIp: { limit: 100_000, windowSeconds: 600 },
  codeCheckPerIp: { limit: 100_000, windowSeconds: 600 },
};

export interface TestServerOptions {
  productionLimits?: boolean;
  /**
   * Start another instance of that server's deployment: the same data folder (secrets, master
   * key, blobs), PostgreSQL schema, Redis prefix, configuration and clock, on its own port, as
   * a second server behind a load balancer. `env` and `productionLimits` are then that server's.
   */
  joining?: TestServer;
}

export async function startTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const { joining } = options;
  const dataDir = joining?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'facet-server-test-'));
  const schema = joining ? joining.schema : onPostgres ? `t_${randomBytes(6).toString('hex')}` : null;
  if (onPostgres && !process.env.DATABASE_URL) throw new Error('FACET_TEST_DB=postgres needs DATABASE_URL');
  const config =
    joining?.config ??
    loadServerConfig({
      FACET_DATA_DIR: dataDir,
      ...(onPostgres ? { DATABASE_URL: process.env.DATABASE_URL! } : {}),
      ...(redisUrl ? { REDIS_URL: redisUrl, FACET_REDIS_PREFIX: testRedisPrefix() } : {}),
      FACET_LOG_LEVEL: 'warn',
      // No pool kept ready: each test server would spend seconds of CPU filling one.
      FACET_FINGERPRINT_POOL: '0',
      // The proxy relay on a free port: test servers run side by side.
      FACET_RELAY_PORT: '0',
      // No plan limits unless a test names them (planLimits.test.ts, config.test.ts for the defaults).
      FACET_FREE_PROFILES: '-1',
      FACET_FREE_SUB_ACCOUNTS: '-1',
      ...env,
    });
  const clock = joining?.clock ?? new TestClock();
  const productionLimits = joining?.productionLimits ?? options.productionLimits ?? false;
  const boot = async (port: number) => {
    const facet = await buildApp({
      config,
      clock,
      logger: false,
      ...(schema ? { databaseSchema: schema } : {}),
      ...(productionLimits ? {} : { rateLimits: roomyPerIpLimits }),
      captchaGenerator: () => ({ text: TEST_CAPTCHA, svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
    });
    await facet.app.listen({ host: '127.0.0.1', port });
    const address = facet.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return { facet, baseUrl: `http://127.0.0.1:${address.port}` };
  };
  const first = await boot(0);
  const outbox = path.join(dataDir, 'outbox');

  const outboxFiles = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : []);
  const server: TestServer = {
    ...first,
    dataDir,
    clock,
    schema,
    config,
    productionLimits,
    client: (options = {}) =>
      new ApiClient({
        baseUrl: server.baseUrl,
        signKey: server.facet.signKey,
        credentials: memoryCredentialStore(options.grant ?? null),
        getLanguage: () => options.lang ?? 0,
        ...(options.apiToken ? { apiToken: options.apiToken } : {}),
        ...(options.onLoginRequired ? { onLoginRequired: options.onLoginRequired } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.cookieSession ? { cookieSession: () => options.cookieSession! } : {}),
      }),
    codeFor: (addr) => {
      const file = outboxFiles().filter((f) => f.includes(addr.replace(/[^a-zA-Z0-9@._-]/g, '_'))).pop();
      if (!file) throw new Error(`no mail for ${addr}`);
      const code = /\b(\d{6})\b/.exec(fs.readFileSync(path.join(outbox, file), 'utf8'))?.[1];
      if (!code) throw new Error(`no code in ${file}`);
      return code;
    },
    outboxFiles,
    restart: async () => {
      await closeNow(server.facet.app);
      // The same port, so clients made before the restart reach the new server.
      Object.assign(server, await boot(Number(new URL(server.baseUrl).port)));
    },
    close: async () => {
      await closeNow(server.facet.app);
      if (joining) return;
      if (config.redisUrl) await dropRedisKeys(config.redisUrl, config.redisPrefix);
      if (schema) await dropTestSchema(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Removes a test's PostgreSQL schema with everything in it. */
export async function dropTestSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

/**
 * Closes a test server without waiting on sockets the test's clients left open: under load a
 * socket the fetch pool had just opened, with no request on it yet, held Fastify's close past
 * the hook's minute. A test that closes its server has no request in flight.
 */
async function closeNow(app: FacetServer['app']): Promise<void> {
  const closing = app.close();
  app.server.closeAllConnections();
  await closing;
}

/** Solve a captcha the way the console does: ask for one, type its text. */
export async function solvedCaptcha(client: ApiClient): Promise<{ captchaId: string; captcha: string }> {
  const { captchaId } = await client.call(captchaCall, {});
  return { captchaId, captcha: TEST_CAPTCHA };
}

let counter = 0;
/** A fresh, valid identity for one test. */
export function newPerson(tag = 'p') {
  counter += 1;
  const id = `${tag}${process.pid}${counter}${randomBytes(2).toString('hex')}`;
  return { email: `${id}@example.test`, username: id.slice(0, 20), password: 'correct horse battery' };
}
