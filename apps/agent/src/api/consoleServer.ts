import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { CLIENT_BOOTSTRAP_GLOBAL, CLIENT_LOCKED_GLOBAL, type ClientBootstrap } from '@facet/contracts';
import type { ConsoleAccess } from './consoleAccess.ts';
import { requestUrl } from '../net/guardedHandlers.ts';
import { fromOwnUser } from '../net/peerUid.ts';

const mime: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * Only 127.0.0.1/localhost at our own port: a DNS-rebinding page (evil.example resolving to
 * 127.0.0.1) would otherwise be same-origin with us and could read the bridge secret.
 */
export function isLocalHost(hostHeader: string | undefined, port: number): boolean {
  return hostHeader === `127.0.0.1:${port}` || hostHeader === `localhost:${port}`;
}

/** index.html with the bridge bootstrap placed before the first script. */
export function injectBootstrap(html: string, bootstrap: ClientBootstrap, nonce: string): string {
  // JSON in a script: escape "<" so no value can close the tag.
  const json = JSON.stringify(bootstrap).replace(/</g, '\\u003c');
  const tag = `<script nonce="${nonce}">window.${CLIENT_BOOTSTRAP_GLOBAL}=${json};</script>`;
  return html.includes('<script') ? html.replace('<script', `${tag}<script`) : html.replace('</head>', `${tag}</head>`);
}

/** The console without a bootstrap: it says to open Facet from its menu entry. */
function injectLocked(html: string, nonce: string): string {
  const tag = `<script nonce="${nonce}">window.${CLIENT_LOCKED_GLOBAL}=true;</script>`;
  return html.includes('<script') ? html.replace('<script', `${tag}<script`) : html.replace('</head>', `${tag}</head>`);
}

/**
 * The desktop client's page policy: scripts from the agent only, plus the bootstrap tag with
 * this answer's nonce; no eval, no plugins, no <base>, no framing. Connections are left open:
 * the client talks to whichever server the person named, and to the agent's bridge.
 */
function clientPagePolicy(nonce: string): string {
  return [`script-src 'self' 'nonce-${nonce}'`, "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"].join('; ');
}

interface ConsoleServerOptions {
  consoleDir: string;
  access: ConsoleAccess;
  /** Null until the person names a server (first start): config.json then says so. */
  serverUrl: () => string | null;
  port: () => number;
  bootstrap: () => ClientBootstrap;
}

/** Serves the console build in client mode, and the server's config.json next to it. */
export function consoleRequestHandler(options: ConsoleServerOptions) {
  const root = path.resolve(options.consoleDir);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!isLocalHost(req.headers.host, options.port())) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden host');
      return;
    }
    const url = requestUrl(req);
    if (url === null) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
      return;
    }
    // The owner (whoever can read the owner secret in the agent's folder) asks for a launch link:
    // a second start of the client, or a script of theirs.
    if (req.method === 'POST' && url.pathname === '/launch') {
      if (!options.access.isOwner(req.headers.authorization)) {
        res.writeHead(401, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error: 'owner secret expected' }));
        return;
      }
      const path = url.searchParams.get('path') ?? '/';
      const launchUrl = options.access.launchUrl(path.startsWith('/') && !path.startsWith('//') ? path : '/');
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify({ url: launchUrl }));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    // A launch link: spent here for a session cookie, then the same page without the token
    // (so it stays out of history and out of what the page can read).
    const launch = url.searchParams.get('launch');
    // A link shows in the app window's command line, which every user of the machine can read:
    // it is spent only by a process of the agent's own user (another's try leaves it good).
    if (launch !== null && (await fromOwnUser(req.socket))) {
      const cookie = options.access.redeem(launch);
      url.searchParams.delete('launch');
      const rest = url.searchParams.size > 0 ? `?${url.searchParams}` : '';
      if (cookie) {
        res.writeHead(302, { location: `${url.pathname}${rest}`, 'set-cookie': cookie, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }).end();
        return;
      }
    }
    const admitted = options.access.admits(req);
    if (url.pathname === '/config.json') {
      if (!admitted) {
        res.writeHead(403, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error: 'open Facet from its menu entry' }));
        return;
      }
      const serverUrl = options.serverUrl();
      if (serverUrl === null) {
        res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify({ error: 'no server chosen' }));
        return;
      }
      return proxyConfig(serverUrl, res);
    }

    const decoded = decodedPath(url.pathname);
    if (decoded === null) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
      return;
    }
    const file = path.resolve(root, '.' + decoded);
    if (file.startsWith(root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile() && path.basename(file) !== 'index.html') {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      res.writeHead(200, {
        'content-type': mime[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        'x-content-type-options': 'nosniff',
      });
      if (req.method === 'HEAD') return void res.end();
      fs.createReadStream(file).pipe(res);
      return;
    }
    const index = path.join(root, 'index.html');
    if (!fs.existsSync(index)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('console not built: run npm start from the repository root');
      return;
    }
    // The page holds the bridge secret: only for an admitted browser, never cached, framed or
    // referred, and running no script but the build's and the one tag written here.
    const nonce = randomBytes(18).toString('base64');
    res.writeHead(admitted ? 200 : 401, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
      'content-security-policy': clientPagePolicy(nonce),
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    });
    const html = fs.readFileSync(index, 'utf8');
    res.end(req.method === 'HEAD' ? undefined : admitted ? injectBootstrap(html, options.bootstrap(), nonce) : injectLocked(html, nonce));
  };
}

/** A path's percent-escapes decoded; null for one that does not decode (`%FF`, issue 34). */
function decodedPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

async function proxyConfig(serverUrl: string, res: ServerResponse): Promise<void> {
  try {
    const upstream = await fetch(`${serverUrl}/config.json`, { signal: AbortSignal.timeout(10_000) });
    const body = await upstream.text();
    res.writeHead(upstream.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  } catch {
    res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error: 'server unreachable', server: serverUrl }));
  }
}
