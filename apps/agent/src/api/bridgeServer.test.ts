import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BridgeError } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { askBridge } from '../../test/helpers/bridgeTestClient.ts';
import { BridgeServer, type BridgeHandlers } from './bridgeServer.ts';

/**
 * BridgeServer holds both ends of the request table around handlers it is given: here handlers
 * that count their calls, and one that answers outside its contract.
 */
const SECRET = 's'.repeat(43);
let server: http.Server;
let ws: WebSocket;
let nextId = 1;
const calls: string[] = [];
const handlers = {
  startBrowser: async (parameter: { profileId: string }) => {
    calls.push(parameter.profileId);
    return { profileId: parameter.profileId, state: 'running', number: 1, headless: false, skippedCookies: [] };
  },
  // A string where the table promises a boolean.
  isBrowserRunning: async () => 'yes',
} as unknown as BridgeHandlers;

const ask = (type: string, parameter?: unknown) => askBridge(ws, nextId++, type, parameter);

beforeAll(async () => {
  server = http.createServer();
  const bridge = new BridgeServer(SECRET, () => (server.address() as AddressInfo).port, handlers, () => true);
  server.on('upgrade', (req, socket, head) => void bridge.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  ws = new WebSocket(`ws://127.0.0.1:${port}/bridge`, { origin: `http://127.0.0.1:${port}` });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  expect((await ask('hello', { secret: SECRET })).error).toBe(BridgeError.OK);
});

afterAll(async () => {
  ws.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('the bridge server', () => {
  it('runs a handler only with a parameter the table takes', async () => {
    expect(await ask('startBrowser', { profileId: 42 })).toMatchObject({ error: BridgeError.BAD_REQUEST, type: 'startBrowser', parameter: { profileId: 42 } });
    expect(calls).toEqual([]);
    expect(await ask('startBrowser', { profileId: 'p1', headless: false })).toMatchObject({ error: BridgeError.OK, value: { profileId: 'p1', state: 'running' } });
    expect(calls).toEqual(['p1']);
  });

  it('sends no answer outside the table: the request fails instead', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reply = await ask('isBrowserRunning', { profileId: 'p1' });
    expect(reply.error).toBe(BridgeError.FAILED);
    expect(reply.value).toBeUndefined();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('isBrowserRunning'));
    logged.mockRestore();
  });
});
