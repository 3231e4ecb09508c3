import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { profileSchema } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExit } from './exitCheck.ts';

/** A profile as the check sees it, with the proxy given. */
const profileWith = (proxy: Record<string, unknown>) =>
  profileSchema.parse({
    id: 'p1', serial: 1, groupName: '', createdAt: 0, lastUsedAt: null, owner: { id: 'u1', name: 'owner' }, members: [], sharer: null, permission: null,
    name: 'Check', groupId: '0', os: 'windows', kernelVersion: '156', resolution: '1920x1080', language: '', timezone: '', startPage: '', proxy,
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  });

let ipService: http.Server;
let ipUrl: string;
let closedPort: number;

beforeAll(async () => {
  ipService = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ip":"127.0.0.1"}'));
  await new Promise<void>((resolve) => ipService.listen(0, '127.0.0.1', () => resolve()));
  ipUrl = `http://127.0.0.1:${(ipService.address() as AddressInfo).port}/`;
  // A port nobody listens on: taken and given back.
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(() => new Promise<void>((resolve) => ipService.close(() => resolve())));

describe('the exit the fingerprint check reports', () => {
  it('is this computer\'s own address without a proxy, and when the check site is out of reach it says so, not that a proxy refused', async () => {
    const geo = async () => ({ country: 'DE', timezone: 'Europe/Berlin' }) as never;
    expect(await checkExit(profileWith({ type: 'none' }), ipUrl, geo)).toEqual({ status: 'direct', ip: '127.0.0.1', country: 'DE', timeZone: 'Europe/Berlin' });
    const unreachable = await checkExit(profileWith({ type: 'none' }), `http://127.0.0.1:${closedPort}/`, geo);
    expect(unreachable).toMatchObject({ status: 'failed', ip: null, reason: 'directUnreachable' });
  });

  it('names the proxy\'s own failure when there is one', async () => {
    const refused = await checkExit(profileWith({ type: 'http', host: '127.0.0.1', port: closedPort, username: '', password: '' }), ipUrl, async () => null);
    expect(refused).toMatchObject({ status: 'failed', reason: 'refused' });
  });
});
