import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { RequestError, Server } from 'proxy-chain';
import { bridgeRequests } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lazyGeoIp } from '../browser/proxy/geoIp.ts';
import { bridgeHandlers, type BridgeDeps } from './bridgeHandlers.ts';
import { BridgeFailure, type BridgeHandlers } from './bridgeServer.ts';

/**
 * "Test proxy" in the profile form, as the bridge answers it: through a real authenticated
 * proxy on loopback (which refuses anything but 127.0.0.1 before resolving it), to a local
 * IP-check page that reports MaxMind's London test address, placed by the real GeoIP database.
 */
let proxy: Server;
let ipCheck: http.Server;
let geoDir: string;
let handler: BridgeHandlers['testProxy'];
/** As the bridge hands it on: the parameter parsed by the request table first. */
const testProxy = (parameter: unknown) => handler(bridgeRequests.testProxy.parameter.parse(parameter));

beforeAll(async () => {
  proxy = new Server({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: ({ username, password, hostname }) => {
      if (username !== 'alice' || password !== 's3cret') return { requestAuthentication: true, failMsg: 'bad proxy credentials' };
      if (hostname !== '127.0.0.1') throw new RequestError('test proxy: loopback only', 403);
      return {};
    },
  });
  proxy.on('requestFailed', () => {});
  await proxy.listen();
  ipCheck = http.createServer((_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ip: '81.2.69.142' })));
  await new Promise<void>((resolve) => ipCheck.listen(0, '127.0.0.1', resolve));
  geoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-geo-'));
  const deps = { ipCheckUrl: `http://127.0.0.1:${(ipCheck.address() as AddressInfo).port}/ip`, geo: lazyGeoIp(geoDir, () => {}) } as Partial<BridgeDeps>;
  handler = bridgeHandlers(deps as BridgeDeps).testProxy;
});

afterAll(async () => {
  await proxy.close(true);
  ipCheck.close();
  fs.rmSync(geoDir, { recursive: true, force: true });
});

const through = (password: string) => ({ proxy: { type: 'http', host: '127.0.0.1', port: proxy.port, username: 'alice', password, direct: false, country: '' } });

describe('test proxy over the bridge', () => {
  it('answers the exit address, its country and time zone, and the latency', async () => {
    const result = (await testProxy(through('s3cret'))) as { ip: string; country: string; timezone: string; latencyMs: number };
    expect(result).toMatchObject({ ip: '81.2.69.142', country: 'GB', timezone: 'Europe/London' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('names why it failed: a wrong password, or nothing listening', async () => {
    await expect(testProxy(through('wrong'))).rejects.toMatchObject({ messageKey: 'startError.authFailed' });
    const closed = { proxy: { ...through('s3cret').proxy, port: 1 } };
    await expect(testProxy(closed)).rejects.toBeInstanceOf(BridgeFailure);
    await expect(testProxy(closed)).rejects.toMatchObject({ messageKey: 'startError.refused' });
  });
});
