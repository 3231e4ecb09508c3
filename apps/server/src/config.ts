import path from 'node:path';
import { parseS3Url, type S3Location } from './storage/s3Location.ts';
import { coinCatalogue, coinIds, limits, paymentMethods, supportContactKinds, UNLIMITED, type CoinId, type PaymentMethod, type SupportContactKind } from '@facet/contracts';

/** Everything the server reads from its environment, parsed once at start. */
export interface ServerConfig {
  host: string;
  port: number;
  /** Folder for the SQLite file, secrets, the mail outbox and blobs (unless `s3`). */
  dataDir: string;
  /**
   * FACET_S3_URL: blobs (plugins, profile state) in an S3-compatible bucket instead of the data
   * folder. Holds the secret key: never log it (storage/s3Location.ts describes it safely).
   */
  s3: S3Location | null;
  /** postgres://… switches from the embedded SQLite file to PostgreSQL. */
  databaseUrl: string | null;
  /**
   * REDIS_URL (redis://[:password@]host:6379[/db]): rate limits, the login throttle, the replay
   * guard, socket.io rooms and the jobs' lock are shared through Redis instead of the database,
   * for several server instances behind a load balancer (sharedState/openSharedState.ts).
   */
  redisUrl: string | null;
  /**
   * FACET_REDIS_PREFIX: put before every key and channel. Pub/sub channels are not scoped by
   * Redis's database number, so two deployments on one Redis need different prefixes.
   */
  redisPrefix: string;
  /** smtp://user:pass@host:port (or smtps://) sends mail; without it mail goes to the outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Public origin of the API when it differs from what browsers see (behind a proxy). */
  publicUrl: string | null;
  /** Further origins whose pages may read the API's answers (FACET_CORS_ORIGINS, comma-separated). */
  corsOrigins: string[];
  /** Folder with the built console, served as the browser version. */
  consoleDir: string | null;
  trustProxy: boolean;
  sessionTtlSeconds: number;
  /** Longest a server keeps a session it looked up (services/sessionCache.ts); 0: it keeps none. */
  sessionCacheSeconds: number;
  refreshTtlSeconds: number;
  keepRefreshTtlSeconds: number;
  downloadUrl: { zh: string; other: string };
  supportEmail: string;
  /** FACET_SUPPORT_CONTACTS, e.g. "wechat:facet_cs,qq:12345,telegram:@facet_support". */
  supportContacts: { kind: SupportContactKind; value: string }[];
  /** Days a deleted profile stays in the recycle bin. */
  recycleRetentionDays: number;
  /** Fingerprints kept ready per operating system for batch creates (0: make them on demand). */
  fingerprintPoolSize: number;
  /** 32-byte key (base64url) for secrets at rest; else one is made in the data folder. */
  dataKey: string | null;
  /** What an account that never bought a plan may use, and a team whose plan ended (DEFAULT_FREE_ALLOWANCE); -1 unlimited. */
  freeAllowance: { profiles: number; subAccounts: number; storageMb: number };
  /** Plan days an inviter earns with each invitee's first payment (0: no reward programme). */
  referralDays: number;
  /** How long an order's QR code is offered. */
  orderLifetimeMs: number;
  /** Payment methods offered, first is the QR code's; 'operator' is built in. */
  paymentMethods: PaymentMethod[];
  stripe: { secretKey: string; webhookSecret: string } | null;
  /** The operator's wallet per coin they take (FACET_CRYPTO_WALLETS); none: no crypto. */
  cryptoWallets: Partial<Record<CoinId, string>>;
  /** The proxy relay for recipients of shared profiles (relay/proxyRelay.ts); null: FACET_RELAY_PORT=off. */
  relay: RelaySettings | null;
  logLevel: string;
  logPretty: boolean;
  version: string;
}

export interface RelaySettings {
  /** FACET_RELAY_PORT; 0 takes a free port (tests), the launch answer names the one it got. */
  port: number;
  /** FACET_RELAY_BIND: where it listens; the server's own bind address unless set. */
  bind: string;
  /** FACET_RELAY_PUBLIC_HOST: the name agents dial; else the public URL's host, else the host the launch reached. */
  publicHost: string | null;
  /**
   * FACET_RELAY_PRIVATE_UPSTREAMS=1: lets the relay connect to proxies on loopback or private
   * addresses. Off by default: an owner could otherwise point a profile's proxy at a service on
   * the server's own network and have the server talk to it.
   */
  privateUpstreams: boolean;
}

const DEFAULT_RELAY_PORT = 8482;

const DEFAULT_SERVER_PORT = 8480;

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

/** A limit: a whole number, or -1 for unlimited. */
/**
 * What an account that never bought a plan may keep on a fresh install, and what a team whose
 * plan ended falls back to: enough to try everything (profiles, a sub-account, sharing), few
 * enough that an ended plan restricts a team that grew on it (issue 36). A server only its own
 * team uses sets them to -1.
 */
const DEFAULT_FREE_ALLOWANCE = { profiles: 10, subAccounts: 1, storageMb: UNLIMITED } as const;

function limit(value: string | undefined, name: string, fallback: number = UNLIMITED): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < UNLIMITED) throw new Error(`${name} must be a whole number or -1 (unlimited), got "${value}"`);
  return n;
}

function relaySettings(env: NodeJS.ProcessEnv, serverHost: string, publicUrl: string | null): RelaySettings | null {
  if (env.FACET_RELAY_PORT === 'off') return null;
  const port = int(env.FACET_RELAY_PORT, DEFAULT_RELAY_PORT, 'FACET_RELAY_PORT');
  if (port > 65535) throw new Error(`FACET_RELAY_PORT must be a port (0–65535) or off, got "${env.FACET_RELAY_PORT}"`);
  const publicHost = env.FACET_RELAY_PUBLIC_HOST || (publicUrl ? new URL(publicUrl).hostname.replace(/^\[|\]$/g, '') : null);
  return { port, bind: env.FACET_RELAY_BIND || serverHost, publicHost, privateUpstreams: env.FACET_RELAY_PRIVATE_UPSTREAMS === '1' };
}

function stripeSettings(env: NodeJS.ProcessEnv): ServerConfig['stripe'] {
  const secretKey = env.FACET_STRIPE_SECRET_KEY || '';
  const webhookSecret = env.FACET_STRIPE_WEBHOOK_SECRET || '';
  if (!secretKey && !webhookSecret) return null;
  if (!secretKey || !webhookSecret) throw new Error('FACET_STRIPE_SECRET_KEY and FACET_STRIPE_WEBHOOK_SECRET go together');
  return { secretKey, webhookSecret };
}

/** `usdt-trc20=T…,usdc-erc20=0x…`: each coin known, each address of its network's form. */
export function cryptoWallets(value: string | undefined): Partial<Record<CoinId, string>> {
  const wallets: Partial<Record<CoinId, string>> = {};
  for (const entry of (value ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const [id, address = ''] = entry.split('=').map((part) => part.trim());
    if (!coinIds.includes(id as CoinId)) throw new Error(`FACET_CRYPTO_WALLETS: unknown coin "${id}" (known: ${coinIds.join(', ')})`);
    const coin = coinCatalogue[id as CoinId];
    if (!coin.address.test(address)) throw new Error(`FACET_CRYPTO_WALLETS: "${address}" is not a ${coin.network} address (for ${id})`);
    wallets[id as CoinId] = address;
  }
  return wallets;
}

function methods(env: NodeJS.ProcessEnv, stripe: ServerConfig['stripe'], wallets: ServerConfig['cryptoWallets']): PaymentMethod[] {
  const crypto = Object.keys(wallets).length > 0;
  const fallback = [...(stripe ? ['stripe'] : []), 'operator', ...(crypto ? ['crypto'] : [])].join(',');
  const listed = (env.FACET_PAYMENT_METHODS || fallback).split(',').map((m) => m.trim()).filter(Boolean);
  for (const method of listed) {
    if (!paymentMethods.includes(method as PaymentMethod)) throw new Error(`FACET_PAYMENT_METHODS: unknown method "${method}" (known: ${paymentMethods.join(', ')})`);
    if (method === 'stripe' && !stripe) throw new Error('FACET_PAYMENT_METHODS names stripe without FACET_STRIPE_SECRET_KEY and FACET_STRIPE_WEBHOOK_SECRET');
    if (method === 'crypto' && !crypto) throw new Error('FACET_PAYMENT_METHODS names crypto without FACET_CRYPTO_WALLETS');
  }
  return [...new Set(listed)] as PaymentMethod[];
}

function contacts(value: string | undefined): ServerConfig['supportContacts'] {
  if (!value) return [];
  return value.split(',').map((entry) => {
    const at = entry.indexOf(':');
    const kind = entry.slice(0, at).trim() as SupportContactKind;
    const handle = entry.slice(at + 1).trim();
    if (at < 1 || !supportContactKinds.includes(kind) || !handle || handle.length > 100) {
      throw new Error(`FACET_SUPPORT_CONTACTS: "${entry}" is not kind:value with kind one of ${supportContactKinds.join(', ')}`);
    }
    return { kind, value: handle };
  });
}

export function loadServerConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const dataDir = path.resolve(cwd, env.FACET_DATA_DIR || 'data');
  const stripe = stripeSettings(env);
  const wallets = cryptoWallets(env.FACET_CRYPTO_WALLETS);
  const host = env.FACET_SERVER_HOST || '127.0.0.1';
  const publicUrl = env.FACET_PUBLIC_URL ? env.FACET_PUBLIC_URL.replace(/\/+$/, '') : null;
  return {
    host,
    port: int(env.FACET_SERVER_PORT, DEFAULT_SERVER_PORT, 'FACET_SERVER_PORT'),
    dataDir,
    s3: env.FACET_S3_URL ? parseS3Url(env.FACET_S3_URL) : null,
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.FACET_REDIS_PREFIX || 'facet:',
    smtpUrl: env.FACET_SMTP_URL || null,
    mailFrom: env.FACET_MAIL_FROM || 'Facet <no-reply@facet.local>',
    publicUrl,
    corsOrigins: (env.FACET_CORS_ORIGINS ?? '').split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean),
    consoleDir: env.FACET_CONSOLE_DIR ? path.resolve(cwd, env.FACET_CONSOLE_DIR) : null,
    trustProxy: env.FACET_TRUST_PROXY === '1',
    sessionTtlSeconds: int(env.FACET_SESSION_TTL_SECONDS, 2 * 3600, 'FACET_SESSION_TTL_SECONDS'),
    sessionCacheSeconds: int(env.FACET_SESSION_CACHE_SECONDS, 30, 'FACET_SESSION_CACHE_SECONDS'),
    refreshTtlSeconds: int(env.FACET_REFRESH_TTL_SECONDS, 24 * 3600, 'FACET_REFRESH_TTL_SECONDS'),
    keepRefreshTtlSeconds: int(env.FACET_KEEP_REFRESH_TTL_SECONDS, 30 * 24 * 3600, 'FACET_KEEP_REFRESH_TTL_SECONDS'),
    downloadUrl: {
      zh: env.FACET_DOWNLOAD_URL_ZH || 'https://github.com/facet-browser/facet/releases',
      other: env.FACET_DOWNLOAD_URL || 'https://github.com/facet-browser/facet/releases',
    },
    supportEmail: env.FACET_SUPPORT_EMAIL || 'support@facet.local',
    supportContacts: contacts(env.FACET_SUPPORT_CONTACTS),
    recycleRetentionDays: int(env.FACET_RECYCLE_RETENTION_DAYS, limits.recycleRetentionDays, 'FACET_RECYCLE_RETENTION_DAYS'),
    dataKey: env.FACET_DATA_KEY || null,
    fingerprintPoolSize: int(env.FACET_FINGERPRINT_POOL, 1000, 'FACET_FINGERPRINT_POOL'),
    freeAllowance: {
      profiles: limit(env.FACET_FREE_PROFILES, 'FACET_FREE_PROFILES', DEFAULT_FREE_ALLOWANCE.profiles),
      subAccounts: limit(env.FACET_FREE_SUB_ACCOUNTS, 'FACET_FREE_SUB_ACCOUNTS', DEFAULT_FREE_ALLOWANCE.subAccounts),
      storageMb: limit(env.FACET_FREE_STORAGE_MB, 'FACET_FREE_STORAGE_MB', DEFAULT_FREE_ALLOWANCE.storageMb),
    },
    referralDays: int(env.FACET_REFERRAL_DAYS, 0, 'FACET_REFERRAL_DAYS'),
    orderLifetimeMs: int(env.FACET_ORDER_MINUTES, 30, 'FACET_ORDER_MINUTES') * 60_000,
    paymentMethods: methods(env, stripe, wallets),
    stripe,
    cryptoWallets: wallets,
    relay: relaySettings(env, host, publicUrl),
    logLevel: env.FACET_LOG_LEVEL || 'info',
    logPretty: env.FACET_LOG_PRETTY === '1',
    version: env.npm_package_version || '0.1.0',
  };
}
