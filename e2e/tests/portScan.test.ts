import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium as playwright, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpByApi } from '../support/accounts.ts';
import { pageWhere } from '../support/browser.ts';
import { apiTokenFor, startAutomationAgent, type AutomationAgent } from '../support/automation.ts';
import { startStack, type Stack } from '../support/processes.ts';
import { startTestDnsServer, type TestDnsServer } from '../support/testDnsServer.ts';

/**
 * Port-scan protection: sites probe a visitor's own ports (fetch, WebSocket) to fingerprint the
 * machine. A profile reaches this machine only on its whitelisted ports; a name that resolves to
 * 127.0.0.1 gets no further; with protection off, local ports answer as usual.
 */
interface LocalService {
  port: number;
  /** TCP connections it has accepted. */
  connections(): number;
  close(): Promise<void>;
}

async function startLocalService(body: string): Promise<LocalService> {
  let connections = 0;
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*' }).end(body));
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { port: (server.address() as AddressInfo).port, connections: () => connections, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let stack: Stack;
let agent: AutomationAgent;
let site: LocalService;
let scanned: LocalService;
let dns: TestDnsServer;

beforeAll(async () => {
  [stack, site, scanned] = await Promise.all([startStack(), startLocalService('<!doctype html><title>site</title>'), startLocalService('a local tool')]);
  dns = await startTestDnsServer({ 'rebind.facet.test': '127.0.0.1' });
  const person = await signUpByApi(stack);
  agent = await startAutomationAgent(stack, apiTokenFor(stack, person.email));
});

afterAll(async () => {
  await agent?.stop();
  await stack?.stop();
  await Promise.all([site?.close(), scanned?.close(), dns?.close()]);
});

async function openDirectProfile(name: string, portScanProtection: { enabled: boolean; whitelist?: string }): Promise<{ id: string; browser: Browser; page: Page }> {
  const created = await agent.call('/api/v1/profile/create', { body: { name, startPage: `http://127.0.0.1:${site.port}/`, fingerprint: { portScanProtection, dns: [dns.address] } } });
  expect(created.body.code, JSON.stringify(created.body) + agent.started.output().slice(-3000)).toBe(0);
  const id = created.body.data.id as string;
  const started = await agent.call(`/api/v1/browser/start?profile_id=${id}`);
  expect(started.body.code, JSON.stringify(started.body) + agent.started.output().slice(-3000)).toBe(0);
  const browser = await playwright.connectOverCDP(started.body.data.ws.puppeteer);
  const page = await pageWhere(browser.contexts()[0]!, (url) => url.includes(`:${site.port}`));
  await page.waitForLoadState('domcontentloaded');
  return { id, browser, page };
}

/** What a scanning script learns: did a fetch and a WebSocket to the address get anywhere? */
function probe(page: Page, url: string): Promise<{ fetch: string; socket: string }> {
  return page.evaluate(async (target) => {
    const fetched = await fetch(`http://${target}/`, { mode: 'no-cors', cache: 'no-store' }).then(
      () => 'reached',
      () => 'failed',
    );
    const socket = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`ws://${target}/`);
      ws.onopen = () => resolve('open');
      // The local service speaks no WebSocket: a reached port answers the upgrade with 200, which
      // closes the socket with 1006 only after the handshake went out; a refused one never connects.
      ws.onerror = () => resolve('error');
      // Refused or answered, a socket settles at once; the timer only ends one that hangs.
      setTimeout(() => resolve('pending'), 15_000);
    });
    return { fetch: fetched, socket };
  }, url);
}

describe('port-scan protection', () => {
  it('lets a page reach only the whitelisted local ports, by address, by name and through a name that resolves to this machine', async () => {
    const { id, browser, page } = await openDirectProfile('Guarded', { enabled: true, whitelist: String(site.port) });
    // The start page itself is a whitelisted local port, reached directly.
    expect(await page.title()).toBe('site');
    const before = scanned.connections();
    for (const target of [`127.0.0.1:${scanned.port}`, `localhost:${scanned.port}`, `[::1]:${scanned.port}`, `rebind.facet.test:${scanned.port}`]) {
      expect((await probe(page, target)).fetch, target).toBe('failed');
    }
    expect((await probe(page, `127.0.0.1:${scanned.port}`)).socket).toBe('error');
    expect(scanned.connections() - before).toBe(0);
    // The profile's own DNS server was asked, and a whitelisted port is reachable under that name.
    expect(await probe(page, `rebind.facet.test:${site.port}`)).toMatchObject({ fetch: 'reached' });
    expect(dns.asked).toContain('rebind.facet.test');
    await browser.close().catch(() => {});
    expect((await agent.call(`/api/v1/browser/stop?profile_id=${id}`)).body.code).toBe(0);
  });

  it('leaves local ports reachable when the profile turns protection off', async () => {
    const { id, browser, page } = await openDirectProfile('Unguarded', { enabled: false });
    const before = scanned.connections();
    expect((await probe(page, `127.0.0.1:${scanned.port}`)).fetch).toBe('reached');
    expect(scanned.connections() - before).toBeGreaterThan(0);
    await browser.close().catch(() => {});
    expect((await agent.call(`/api/v1/browser/stop?profile_id=${id}`)).body.code).toBe(0);
  });
});
