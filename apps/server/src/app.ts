import path from 'node:path';
import cors from '@fastify/cors';
import { corsOriginAllowed, registerWebProtection } from './security/webProtection.ts';
import { Code, apiCalls, webCalls } from '@facet/contracts';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { answer } from './calls/answers.ts';
import { registerCalls, requestLanguage } from './calls/registerCalls.ts';
import { systemClock, type Clock } from './clock.ts';
import type { ServerConfig } from './config.ts';
import { connectDatabase, type DatabaseHandle } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { startHousekeeping } from './jobs/housekeeping.ts';
import { startPendingPushes } from './jobs/pendingPushes.ts';
import type { Mailer } from './mail/mailer.ts';
import { OutboxMailer } from './mail/outboxMailer.ts';
import { SmtpMailer } from './mail/smtpMailer.ts';
import { configRoute } from './routes/configRoute.ts';
import { consoleRoute } from './routes/consoleRoute.ts';
import { docsRoute } from './routes/docsRoute.ts';
import { authRoutes } from './routes/web/authRoutes.ts';
import { groupRoutes } from './routes/web/groupRoutes.ts';
import { tagRoutes } from './routes/web/tagRoutes.ts';
import { savedProxyRoutes } from './routes/web/savedProxyRoutes.ts';
import { memberRoutes } from './routes/web/memberRoutes.ts';
import { profileRoutes } from './routes/web/profileRoutes.ts';
import { recycleRoutes } from './routes/web/recycleRoutes.ts';
import { apiTokenRoutes } from './routes/web/apiTokenRoutes.ts';
import { subAccountRoutes } from './routes/web/subAccountRoutes.ts';
import { subscriptionRoutes } from './routes/web/subscriptionRoutes.ts';
import { operationLogRoutes } from './routes/web/operationLogRoutes.ts';
import { accountExtrasRoutes } from './routes/web/accountExtrasRoutes.ts';
import { paymentRoutes } from './routes/paymentRoutes.ts';
import { pluginRoutes } from './routes/web/pluginRoutes.ts';
import { pluginUploadRoute } from './routes/pluginUploadRoute.ts';
import { pluginBlobRoute } from './routes/pluginBlobRoute.ts';
import { syncChunkRoutes } from './routes/syncChunkRoutes.ts';
import { syncRoutes } from './routes/web/syncRoutes.ts';
import { hostRoutes } from './routes/web/hostRoutes.ts';
import { remoteRoutes } from './routes/web/remoteRoutes.ts';
import { remoteSockets } from './routes/remoteSockets.ts';
import { readOrCreateSecret } from './security/secrets.ts';
import { openBlobStore } from './storage/openBlobStore.ts';
import { ownerOnlyDataFolder } from './storage/ownerOnly.ts';
import { openProxyRelay } from './relay/openProxyRelay.ts';
import type { ProxyRelay } from './relay/proxyRelay.ts';
import { openSessionCache } from './services/openSessionCache.ts';
import { openSharedState } from './sharedState/openSharedState.ts';
import type { CaptchaGenerator } from './services/captchaService.ts';
import type { RateLimitRules } from './guards/rateLimiter.ts';
import { createServices, type Services } from './services/container.ts';
import { openSecretKeys } from './crypto/secretKeys.ts';
import { Store } from './repositories/store.ts';

interface BuildOptions {
  config: ServerConfig;
  clock?: Clock;
  mailer?: Mailer;
  /** PostgreSQL schema to use (tests isolate runs this way). */
  databaseSchema?: string;
  logger?: boolean;
  /** Tests only: a captcha whose text they know. */
  captchaGenerator?: CaptchaGenerator;
  /** Tests only: looser per-IP limits, since every test call comes from 127.0.0.1. */
  rateLimits?: Partial<RateLimitRules>;
}

export interface FacetServer {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  signKey: string;
  /** The proxy relay for recipients of shared profiles; null with FACET_RELAY_PORT=off. */
  relay: ProxyRelay | null;
}

/** Builds the whole server without listening; tests drive it with inject or a loopback port. */
export async function buildApp(options: BuildOptions): Promise<FacetServer> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // npm start asks for readable lines; services and CI keep JSON.
            ...(config.logPretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId' } } } : {}),
            // URLs only, never bodies or headers: bodies carry passwords and tokens.
            serializers: {
              req: (req) => ({ method: req.method, url: req.url.split('?')[0], ip: req.ip }),
              res: (res) => ({ statusCode: res.statusCode }),
            },
          },
    trustProxy: config.trustProxy,
    // One line per request is noise at info level; debug shows them.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    bodyLimit: 8 * 1024 * 1024,
  });

  // Owner-only before anything is written there (storage/ownerOnly.ts).
  const narrowed = await ownerOnlyDataFolder(config.dataDir);
  if (narrowed > 0) app.log.warn(`data folder: ${narrowed} folders or files other users could read are now the owner's alone`);
  const database = await connectDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    ...(options.databaseSchema ? { schema: options.databaseSchema } : {}),
  });
  await migrateToLatest(database);

  const signKey = readOrCreateSecret(config.dataDir, 'sign-key');
  const mailer = options.mailer ?? (config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(path.join(config.dataDir, 'outbox'), app.log));
  // Before anything is served: the master key checked, values of the first format bound to their rows.
  const store = new Store(database.db);
  const keys = await openSecretKeys(store, config, clock, app.log);
  const blobs = await openBlobStore(config);
  app.log.info(`blobs: ${blobs.description}`);
  // Counts, signatures, the jobs' lock and socket.io rooms: Redis with REDIS_URL, for several instances.
  const shared = await openSharedState(config, database.db, app.log);
  app.log.info(`shared state: ${shared.description}`);
  const sessionCache = await openSessionCache(database, config.sessionCacheSeconds, clock, app.log);
  const services = createServices(store, { payments: config, blobs, clock, mailer, keys, shared, sessionCache: sessionCache?.cache ?? null, relay: config.relay, recycleRetentionDays: config.recycleRetentionDays, fingerprintPoolSize: config.fingerprintPoolSize, lifetimes: config, log: app.log, ...(options.captchaGenerator ? { captchaGenerator: options.captchaGenerator } : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
  });

  const corsOrigins = [...(config.publicUrl ? [new URL(config.publicUrl).origin] : []), ...config.corsOrigins];
  await app.register(cors, {
    origin: (origin, callback) => callback(null, corsOriginAllowed(origin, corsOrigins)),
    methods: ['GET', 'POST'],
    // idempotency-key: the desktop client's console calls the server from another origin.
    allowedHeaders: ['content-type', 'authorization', 'idempotency-key'],
    maxAge: 86_400,
  });
  registerWebProtection(app);

  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    const language = requestLanguage(request);
    if (status === 413) return reply.status(413).send(answer(Code.PAYLOAD_TOO_LARGE, language));
    if (status >= 400 && status < 500) {
      return reply.status(status).send(answer(Code.INVALID_INPUT, language, { issues: [{ path: 'body', key: 'validation.invalid' }] }));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(answer(Code.SERVER_ERROR, language));
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send(answer(Code.UNKNOWN_CALL, requestLanguage(request))));

  configRoute(app, config, signKey, mailer.kind === 'smtp');
  await docsRoute(app, config.version);
  registerCalls(app, { signKey, clock, replayGuard: services.replayGuard, idempotency: services.idempotency, sessions: services.sessions, apiTokens: services.apiTokens, runTokens: services.remoteRuns, publicUrl: config.publicUrl }, [
    ...authRoutes(services),
    ...memberRoutes(services),
    ...profileRoutes(services),
    ...syncRoutes(services),
    ...groupRoutes(services),
    ...tagRoutes(services),
    ...savedProxyRoutes(services),
    ...recycleRoutes(services),
    ...subAccountRoutes(services),
    ...apiTokenRoutes(services),
    ...subscriptionRoutes(services),
    ...operationLogRoutes(services),
    ...accountExtrasRoutes(services),
    ...pluginRoutes(services),
    ...hostRoutes(services),
    ...remoteRoutes(services),
  ]);
  paymentRoutes(app, services, config.publicUrl);
  pluginUploadRoute(app, services);
  pluginBlobRoute(app, services);
  syncChunkRoutes(app, services);
  // A viewer's socket may come from this server's own pages or from an origin the API admits.
  const sockets = remoteSockets(app, services, (origin, host) => !origin || origin === `http://${host}` || origin === `https://${host}` || corsOriginAllowed(origin, corsOrigins));
  assertEveryCallBound(app);
  if (config.consoleDir) await consoleRoute(app, config.consoleDir);

  services.push.attach(app.server, (origin) => corsOriginAllowed(origin, corsOrigins), shared.pushAdapter);
  const relay = await openProxyRelay(config, services.relay, app.log);
  const housekeeping = startHousekeeping(services, app.log);
  // What an operator command pushed (a confirmed order, an ended plan) reaches the consoles from here.
  const pendingPushes = startPendingPushes(services, app.log);
  // The systems most profiles use; the others fill on their first batch.
  services.fingerprints.warm(['windows', 'macos']);
  app.addHook('onClose', async () => {
    housekeeping.stop();
    pendingPushes.stop();
    sockets.close();
    await relay?.close();
    await services.fingerprints.close();
    await services.push.close();
    // After the push hub: its adapter unsubscribes through these connections.
    await shared.close();
    await sessionCache?.close();
    blobs.close();
    await database.close();
  });
  return { app, services, database, signKey, relay };
}

/** A contract without a handler is a bug we want at start, not a 404 in production. */
function assertEveryCallBound(app: FastifyInstance): void {
  for (const call of [...webCalls, ...apiCalls]) {
    const url = `${call.access === 'apiToken' ? '/v2/api/' : '/v2/web/'}${call.path}`;
    if (!app.hasRoute({ method: call.method.toUpperCase() as 'POST', url })) throw new Error(`call ${url} has no handler`);
  }
}
