import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyHop, type ProxyHop } from './proxyHop.ts';

/** A GET through the hop (as Chromium sends it: absolute URL, no credentials), run as `uid`. */
const throughHop = `
const [hop, target] = process.argv.slice(1);
const [host, port] = hop.split(':');
const request = require('node:http').request({ host, port: Number(port), path: target, headers: { host: new URL(target).host } }, (res) => {
  let body = '';
  res.on('data', (d) => (body += d));
  res.on('end', () => console.log(res.statusCode + ' ' + body));
});
request.on('error', (error) => console.log('error ' + error.code));
request.end();`;

function getAs(uid: number | null, hop: ProxyHop, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', throughHop, hop.address, target], { ...(uid === null ? {} : { uid, gid: uid }), cwd: '/', timeout: 20_000 }, (error, stdout) => (error ? reject(error) : resolve(stdout.trim())));
  });
}

let site: http.Server;
let hop: ProxyHop;
let target: string;
beforeAll(async () => {
  site = http.createServer((_req, res) => res.end('hello'));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', () => resolve()));
  const port = (site.address() as AddressInfo).port;
  target = `http://127.0.0.1:${port}/`;
  // A direct profile whose whitelist lets its pages reach that port of this machine.
  hop = await startProxyHop({ proxy: { type: 'none' } as never, dns: [], localPorts: new Set([port]) });
});
afterAll(async () => {
  await hop.close();
  site.close();
});

describe('a profile\'s proxy hop', () => {
  it('carries a request of the agent\'s own user (as the profile\'s Chromium sends it)', async () => {
    expect(await getAs(null, hop, target)).toBe('200 hello');
  });

  // Another user of the machine would spend the profile's proxy account under its name.
  it.skipIf(process.getuid?.() !== 0)('refuses another user of the machine (needs root to act as nobody)', async () => {
    expect(await getAs(65534, hop, target)).toMatch(/^error (ECONNRESET|EPIPE)$/);
  });

  // The fuzz of every agent port once drew this and got proxy-chain's 594 (e2e localAttacks).
  it('answers a request for port 0 with 400: no destination, not a refused connection', async () => {
    expect(await getAs(null, hop, 'http://127.0.0.1:0/')).toMatch(/^400 /);
  });
});
