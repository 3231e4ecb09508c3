import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { checkObservationSchema, notCheckedItems, resolveLanguage, type CheckObservation, type CheckReport, type Profile } from '@facet/contracts';
import type { GeoFacts } from '../browser/proxy/geoIp.ts';
import type { LaunchedBrowser } from '../browser/launch/launchBrowser.ts';
import { upstreamUrl } from '../browser/proxy/proxyHop.ts';
import { guardRequests, requestUrl } from '../net/guardedHandlers.ts';
import { checkPageHtml, checkWorkerScript } from './checkPage.ts';
import { compareIdentity, type ExpectedIdentity } from './compareIdentity.ts';
import { checkExit } from './exitCheck.ts';
import { startStunResponder, type StunResponder } from './stunResponder.ts';
import { classifyWebrtc } from './webrtcLeaks.ts';

/** How long a check's page (and its STUN server, and the hop's allowance of this port) lives. */
const CHECK_TTL_MS = 15 * 60 * 1000;
const MAX_BODY = 512 * 1024;

interface CheckServerDeps {
  ipCheckUrl: string;
  geo: (ip: string) => Promise<GeoFacts | null>;
  log: (line: string) => void;
}

/** What the check needs of a running profile: its launch's identity and channels, and the profile as launched. */
export type CheckedBrowser = Pick<LaunchedBrowser, 'identity' | 'channels' | 'contradictions' | 'allowAgentPort' | 'exited'> & { profile: Profile };

interface Session {
  browser: CheckedBrowser;
  lang: string;
  stun: StunResponder;
  release: () => void;
  timer: NodeJS.Timeout;
}

/** What the profile's pages must read, from the launch's identity and the profile's GPU. */
function expectedOf(browser: CheckedBrowser, machineTimeZone: string): ExpectedIdentity {
  const { identity, profile } = browser;
  const gl = profile.fingerprint.webglMetadata;
  return {
    userAgent: identity.userAgent,
    platform: identity.platform,
    languages: identity.languages,
    timeZone: identity.timezone ?? machineTimeZone,
    hardwareConcurrency: identity.hardwareConcurrency,
    deviceMemory: identity.deviceMemory > 0 ? identity.deviceMemory : null,
    maxTouchPoints: identity.maxTouchPoints,
    screen: identity.screen,
    webgl: gl.mode === 'custom' && gl.vendor && gl.renderer ? { vendor: gl.vendor, renderer: gl.renderer } : null,
    userAgentData: identity.metadata ? { platform: identity.metadata.platform, mobile: identity.metadata.mobile, major: identity.metadata.brands[0]?.version ?? '' } : null,
  };
}

/** Where the profile's names are resolved: what the launch set up, not a measurement. */
function dnsPathOf(profile: Profile): CheckReport['dns'] {
  if (upstreamUrl(profile.proxy)) return { path: 'proxy', servers: [], leak: false };
  if (profile.fingerprint.dns.length > 0) return { path: 'profileServers', servers: [...profile.fingerprint.dns], leak: false };
  return { path: 'machine', servers: [], leak: true };
}

const machineAddresses = () => new Set(Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((entry) => entry.address)));

/**
 * The fingerprint check's own HTTP server on 127.0.0.1, at a port of its own (not the console's:
 * profiles' pages may reach this one while a check is open, and only it). Each check is a random
 * path secret: the page, its worker script and its report live under `/c/<secret>/`, and anything
 * else is a 404, so no site in any profile, nor another local process, can read a profile's
 * expected identity without the URL the agent opened.
 */
export class CheckServer {
  private readonly sessions = new Map<string, Session>();

  private constructor(
    private readonly server: http.Server,
    readonly port: number,
    private readonly deps: CheckServerDeps,
  ) {}

  static async start(deps: CheckServerDeps): Promise<CheckServer> {
    let self: CheckServer | null = null;
    const server = http.createServer(
      guardRequests('fingerprint check', (request, response) => (self ? self.handle(request, response) : void response.writeHead(503).end()), deps.log),
    );
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    self = new CheckServer(server, (server.address() as AddressInfo).port, deps);
    return self;
  }

  /**
   * A new check of the running profile: its page's URL, good for CHECK_TTL_MS or until the
   * browser exits, and `end` to give it up sooner. Only that profile's pages may reach the page.
   */
  async open(browser: CheckedBrowser, lang: string): Promise<{ url: string; end: () => void }> {
    const secret = randomBytes(24).toString('base64url');
    const stun = await startStunResponder();
    const session: Session = {
      browser,
      lang: resolveLanguage(lang).tag,
      stun,
      release: browser.allowAgentPort(this.port),
      timer: setTimeout(() => this.end(secret), CHECK_TTL_MS).unref(),
    };
    this.sessions.set(secret, session);
    void browser.exited.then(() => this.end(secret));
    return { url: `${this.origin}/c/${secret}/`, end: () => this.end(secret) };
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    for (const secret of [...this.sessions.keys()]) this.end(secret);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private end(secret: string): void {
    const session = this.sessions.get(secret);
    if (!session) return;
    this.sessions.delete(secret);
    clearTimeout(session.timer);
    session.release();
    session.stun.close().catch((error: unknown) => this.deps.log(`fingerprint check: STUN server: ${String(error)}`));
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };
    const notFound = () => void response.writeHead(404, { ...headers, 'content-type': 'text/plain' }).end('not found');
    // By address only: a rebinding name pointing at 127.0.0.1 must not be same-origin with the page.
    if (request.headers.host !== `127.0.0.1:${this.port}`) return notFound();
    const match = /^\/c\/([\w-]{32})\/(|worker\.js|report)$/.exec(requestUrl(request)?.pathname ?? '');
    const session = match ? this.sessions.get(match[1]!) : undefined;
    if (!match || !session) return notFound();
    const [, secret, file] = match as unknown as [string, string, string];
    if (file === '' && request.method === 'GET') {
      const html = checkPageHtml({ lang: session.lang, base: `/c/${secret}/`, stun: session.stun.url });
      // Inline script and style are the page's own; nothing else may load or run.
      const policy = "default-src 'none'; script-src 'self' 'unsafe-inline'; worker-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; frame-src 'none'; base-uri 'none'; form-action 'none'";
      return void response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy }).end(html);
    }
    if (file === 'worker.js' && request.method === 'GET') {
      return void response.writeHead(200, { ...headers, 'content-type': 'text/javascript; charset=utf-8' }).end(checkWorkerScript());
    }
    if (file === 'report' && request.method === 'POST') {
      // Only the check page itself posts here (same origin), never another site's form.
      if (request.headers.origin !== this.origin) return void response.writeHead(403, headers).end();
      const body = await readBody(request);
      const parsed = checkObservationSchema.safeParse(safeJson(body));
      if (!parsed.success) return void response.writeHead(400, { ...headers, 'content-type': 'text/plain' }).end('bad observation');
      const report = await this.report(session, parsed.data);
      return void response.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(report));
    }
    notFound();
  }

  /** The page's readings against the launch, the exit address through the profile's proxy, and the network paths. */
  private async report(session: Session, observed: CheckObservation): Promise<CheckReport> {
    const { browser } = session;
    const { profile } = browser;
    const machineZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const expected = expectedOf(browser, machineZone);
    const proxied = upstreamUrl(profile.proxy) !== null;
    const exit = await checkExit(profile, this.deps.ipCheckUrl, this.deps.geo);
    const seen = { window: observed.window, worker: observed.worker };
    return {
      profileId: profile.id,
      expected: {
        userAgent: expected.userAgent,
        platform: expected.platform,
        languages: expected.languages,
        timeZone: browser.identity.timezone,
        hardwareConcurrency: expected.hardwareConcurrency,
        deviceMemory: browser.identity.deviceMemory,
        screen: expected.screen,
        webgl: expected.webgl,
        pageScriptFields: [...new Set(browser.channels.filter((use) => use.channel === 'pageScript').map((use) => use.field))],
      },
      seen,
      contradictions: compareIdentity(expected, seen, exit.timeZone),
      profileContradictions: browser.contradictions.map((c) => ({ code: c.code, fields: c.fields.map((f) => ({ field: f.field, value: f.value })) })),
      lies: observed.lies,
      exit,
      webrtc: classifyWebrtc(observed.webrtc, { setting: profile.fingerprint.webrtc, proxied, stunReached: session.stun.seen.length > 0, machineAddresses: machineAddresses() }),
      dns: dnsPathOf(profile),
      notChecked: [...notCheckedItems],
    };
  }
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('observation too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // not JSON: the schema refuses it
    return null;
  }
}
