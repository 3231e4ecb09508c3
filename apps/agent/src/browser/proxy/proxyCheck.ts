import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import tls from 'node:tls';
import type { Proxy } from '@facet/contracts';
import { startProxyHop, type ProxyHop } from './proxyHop.ts';

/** Why a proxy failed its check; the console shows each with its own text. */
type ProxyFailure = 'refused' | 'authFailed' | 'unreachableTarget' | 'timeout' | 'upstreamError' | 'badAnswer';

export class ProxyCheckError extends Error {
  constructor(
    readonly reason: ProxyFailure,
    detail: string,
  ) {
    super(`proxy check failed (${reason}): ${detail}`);
  }
}

interface ProxyCheckResult {
  /** The exit address the IP-check service saw. */
  ip: string;
  /** Round trip of the check request through the proxy, in ms. */
  latencyMs: number;
}

/**
 * proxy-chain's answers when the upstream fails (its statuses.js), as our reasons. For a SOCKS
 * upstream it answers a generic 599 whose status text carries the socket error, so that is read
 * too ("connect ECONNREFUSED 127.0.0.1:1080").
 */
function reasonOf(status: number, statusText: string): ProxyFailure {
  if (status === 597 || status === 407 || /authentication failed/i.test(statusText)) return 'authFailed';
  if (status === 594 || /ECONNREFUSED/.test(statusText)) return 'refused';
  if (status === 504 || /ETIMEDOUT/.test(statusText)) return 'timeout';
  if (status === 593 || /ENOTFOUND|EAI_AGAIN/.test(statusText)) return 'unreachableTarget';
  return 'upstreamError';
}

/** A tunnel through the hop to the target, or the hop's refusal as a reason. */
function tunnel(hop: Pick<ProxyHop, 'address' | 'agentAuthorization'>, target: URL, timeoutMs: number): Promise<Socket> {
  const [host, port] = hop.address.split(':') as [string, string];
  const authority = `${target.hostname}:${target.port || (target.protocol === 'https:' ? 443 : 80)}`;
  return new Promise((resolve, reject) => {
    const request = http.request({ host, port: Number(port), method: 'CONNECT', path: authority, headers: { host: authority, 'proxy-authorization': hop.agentAuthorization }, timeout: timeoutMs });
    request.once('connect', (response, socket) => {
      if (response.statusCode === 200) return resolve(socket);
      socket.destroy();
      reject(new ProxyCheckError(reasonOf(response.statusCode ?? 0, response.statusMessage ?? ''), `HTTP ${response.statusCode} ${response.statusMessage ?? ''}`));
    });
    request.once('timeout', () => request.destroy(new ProxyCheckError('timeout', `no answer in ${timeoutMs} ms`)));
    request.once('error', (error) => reject(error instanceof ProxyCheckError ? error : new ProxyCheckError('refused', error.message)));
    request.end();
  });
}

/**
 * Asks the IP-check service, through the profile's hop (so through its upstream and with its
 * credentials), which address it sees. Used before every launch with a proxy, so a profile
 * never opens on the machine's own address when its proxy is down, and by "test proxy".
 */
export async function checkThroughHop(hop: Pick<ProxyHop, 'address' | 'agentAuthorization'>, ipCheckUrl: string, timeoutMs = 10_000): Promise<ProxyCheckResult> {
  const target = new URL(ipCheckUrl);
  const started = performance.now();
  const socket = await tunnel(hop, target, timeoutMs);
  const body = await new Promise<string>((resolve, reject) => {
    const options = {
      method: 'GET',
      timeout: timeoutMs,
      headers: { accept: 'application/json, text/plain' },
      createConnection: () => (target.protocol === 'https:' ? tls.connect({ socket, servername: target.hostname }) : socket),
    };
    const request = (target.protocol === 'https:' ? https : http).request(target, options, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (text.length > 4096) request.destroy(new ProxyCheckError('badAnswer', 'answer too long'));
      });
      response.on('end', () => (response.statusCode === 200 ? resolve(text) : reject(new ProxyCheckError('badAnswer', `HTTP ${response.statusCode}`))));
    });
    request.once('timeout', () => request.destroy(new ProxyCheckError('timeout', `no answer in ${timeoutMs} ms`)));
    request.once('error', (error) => reject(error instanceof ProxyCheckError ? error : new ProxyCheckError('upstreamError', error.message)));
    request.end();
  }).finally(() => socket.destroy());
  const latencyMs = Math.round(performance.now() - started);
  return { ip: exitAddressIn(body), latencyMs };
}

/** ipify-style `{"ip": "…"}` or a bare address. */
function exitAddressIn(body: string): string {
  let candidate = body.trim();
  try {
    const parsed = JSON.parse(candidate) as { ip?: unknown };
    if (typeof parsed === 'object' && parsed && typeof parsed.ip === 'string') candidate = parsed.ip;
  } catch {
    // not JSON: a plain-text answer
  }
  if (!/^[0-9a-f.:]{2,45}$/i.test(candidate)) throw new ProxyCheckError('badAnswer', 'no address in the answer');
  return candidate;
}


/** "Test proxy": the same check a launch makes, through a hop of its own that is closed after. */
export async function testProxy(proxy: Proxy, ipCheckUrl: string): Promise<ProxyCheckResult> {
  // Only the agent's own check goes through this hop: no page rules to apply.
  const hop = await startProxyHop({ proxy, dns: [], localPorts: null });
  try {
    return await checkThroughHop(hop, ipCheckUrl);
  } finally {
    await hop.close();
  }
}
