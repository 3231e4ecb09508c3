import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { BridgeError } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { askBridge } from '../../test/helpers/bridgeTestClient.ts';
import { startAgent, type RunningAgent } from '../agent.ts';
import { injectBootstrap } from './consoleServer.ts';
import { platformBuildsCache } from '../config.ts';

let agent: RunningAgent;
const noAutomation = { localApiPort: 0, localApiKey: 'test-local-api-key-0123', apiToken: undefined, ipCheckUrl: 'http://127.0.0.1:9/', loopbackOnly: true, deviceName: 'Test computer', platformBuildsDir: platformBuildsCache() };
let upstream: http.Server;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-agent-test-'));
  const consoleDir = path.join(dataDir, 'console');
  fs.mkdirSync(path.join(consoleDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(consoleDir, 'index.html'), '<html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>');
  fs.writeFileSync(path.join(consoleDir, 'assets/app.js'), 'console.log(1)');
  // A stand-in for the server's config.json, on loopback.
  upstream = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ signKey: 'k', from: req.url })));
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
  agent = await startAgent({
    port: 0,
    serverUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    dataDir: path.join(dataDir, 'agent'),
    consoleDir,
    appWindow: false,
    version: 'test',
    ...noAutomation,
  });
});

afterAll(async () => {
  await agent.close();
  upstream.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The session cookie a browser gets from a launch link (what the app window holds). */
async function admittedCookie(of: RunningAgent = agent): Promise<string> {
  const response = await fetch(of.launchUrl(), { redirect: 'manual' });
  expect(response.status).toBe(302);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

let cookie: string;
beforeAll(async () => {
  cookie = await admittedCookie();
});

const secretOf = async (of: RunningAgent = agent, with_ = cookie) => {
  const html = await (await fetch(of.url, { headers: { cookie: with_ } })).text();
  return /"secret":"([^"]+)"/.exec(html)![1]!;
};

function open(origin = `http://127.0.0.1:${agent.port}`, withCookie = true): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${agent.port}/bridge`, { origin, ...(withCookie ? { headers: { cookie } } : {}) });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}


describe('agent console server', () => {
  it('serves the console with the bridge bootstrap, never cached or framed', async () => {
    const response = await fetch(`${agent.url}wel/browser`, { headers: { cookie } });
    const html = await response.text();
    expect(html).toContain('window.__FACET_CLIENT__=');
    expect(html).toContain(`"bridgeUrl":"ws://127.0.0.1:${agent.port}/bridge"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    // No inline script runs but the bootstrap tag, whose nonce is new at every answer.
    const policy = response.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
    expect(policy).toMatch(/script-src 'self' 'nonce-/);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(html).toContain(`<script nonce="${nonce}">window.__FACET_CLIENT__=`);
    const again = await fetch(`${agent.url}wel/browser`, { headers: { cookie } });
    expect(again.headers.get('content-security-policy')).not.toContain(nonce);
    expect(await (await fetch(`${agent.url}assets/app.js`)).text()).toBe('console.log(1)');
  });

  it('passes the server config.json through', async () => {
    expect(await (await fetch(`${agent.url}config.json`, { headers: { cookie } })).json()).toEqual({ signKey: 'k', from: '/config.json' });
  });

  it('refuses other Host names (DNS rebinding)', async () => {
    const status = await new Promise<number>((resolve) => {
      http.get({ host: '127.0.0.1', port: agent.port, path: '/', headers: { host: `evil.example:${agent.port}` } }, (res) => resolve(res.statusCode ?? 0));
    });
    expect(status).toBe(403);
  });

  it('does not serve files outside the console folder', async () => {
    const status = await new Promise<number>((resolve) => {
      http.get({ host: '127.0.0.1', port: agent.port, path: '/../../agent/install-secret', headers: { cookie } }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve(body.includes('__FACET_CLIENT__') ? 200 : -1));
      });
    });
    expect(status).toBe(200); // answered with the console page, not the file
  });

  it('escapes the bootstrap so no value can close the script tag', () => {
    const html = injectBootstrap('<head><script src="x"></script></head>', { bridgeUrl: 'ws://x</script><b>', secret: 's'.repeat(32), agentVersion: '1', server: null, serverFixed: false, storageKey: 'k'.repeat(43) }, 'n');
    expect(html).not.toContain('</script><b>');
  });
});

describe('agent bridge', () => {
  it('refuses a connection from another origin', async () => {
    await expect(open('http://evil.example')).rejects.toThrow(/403/);
  });

  it('answers nothing before hello and closes the socket', async () => {
    const ws = await open();
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    const reply = await askBridge(ws, 1, 'base64Encode', { text: 'x' });
    expect(reply.error).toBe(BridgeError.UNAUTHENTICATED);
    expect(await closed).toBe(4401);
  });

  it('closes on a wrong secret', async () => {
    const ws = await open();
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    expect((await askBridge(ws, 1, 'hello', { secret: 'x'.repeat(43) })).error).toBe(BridgeError.UNAUTHENTICATED);
    expect(await closed).toBe(4401);
  });

  it('answers the calls after hello with the page secret', async () => {
    const ws = await open();
    expect((await askBridge(ws, 1, 'hello', { secret: await secretOf(), lang: 9 })).error).toBe(BridgeError.OK);
    expect((await askBridge(ws, 2, 'base64Encode', { text: 'Facet ✓' })).value).toBe(Buffer.from('Facet ✓').toString('base64'));
    expect((await askBridge(ws, 3, 'isBrowserRunning', { profileId: 'p1' })).value).toBe(false);
    const config = (await askBridge(ws, 4, 'configInfo')).value as { profileDir: string; Emulation: { open: boolean; port: number }; automationAddress: string | null };
    expect(config.profileDir).toBe(path.join(dataDir, 'agent', 'profiles'));
    // The automation API as it listens (this test's agent has FACET_LOCAL_API_PORT), not the saved 50325.
    expect(config.Emulation.open).toBe(true);
    expect(`127.0.0.1:${config.Emulation.port}`).toBe(config.automationAddress);
    const refused = await askBridge(ws, 5, 'openUrl', { url: 'file:///etc/passwd' });
    expect(refused.error).toBe(BridgeError.NOT_ALLOWED);
    expect(refused.msg).not.toBe('');
    expect((await askBridge(ws, 7, 'isBrowserRunning', { profileId: 42 })).error).toBe(BridgeError.BAD_REQUEST);
    expect((await askBridge(ws, 6, 'logout')).error).toBe(BridgeError.OK);
    ws.close();
  });

  it('keeps the same install secret across restarts', async () => {
    const again = await startAgent({ port: 0, serverUrl: 'http://127.0.0.1:9', dataDir: path.join(dataDir, 'agent'), consoleDir: path.join(dataDir, 'console'), appWindow: false, version: 't', ...noAutomation });
    try {
      expect(await secretOf(again, await admittedCookie(again))).toBe(await secretOf());
    } finally {
      await again.close();
    }
  });
});

/**
 * Issue 13: another process on the machine (another user of a shared RDP or VPS machine) that
 * knows only the agent's address gets nothing of the client.
 */
describe('another local process', () => {
  it('gets neither the page with the bridge secret nor the server config', async () => {
    const page = await fetch(agent.url);
    expect(page.status).toBe(401);
    const html = await page.text();
    expect(html).not.toContain(await secretOf());
    expect(html).toContain('__FACET_CLIENT_LOCKED__');
    expect((await fetch(`${agent.url}config.json`)).status).toBe(403);
    // A made-up session is no session.
    expect((await fetch(agent.url, { headers: { cookie: `facet_console_${agent.port}=${'A'.repeat(43)}` } })).status).toBe(401);
  });

  it('can read nothing the agent wrote in its folder', () => {
    const open: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if ((fs.lstatSync(full).mode & 0o077) !== 0) open.push(full);
        if (entry.isDirectory()) walk(full);
      }
    };
    walk(path.join(dataDir, 'agent'));
    expect(fs.statSync(path.join(dataDir, 'agent')).mode & 0o077).toBe(0);
    expect(fs.readdirSync(path.join(dataDir, 'agent'))).toEqual(expect.arrayContaining(['install-secret', 'owner-secret', 'console-storage-key', 'device-key.pem']));
    expect(open).toEqual([]);
  });

  it('cannot open the bridge, even with the page\'s own Origin', async () => {
    await expect(open(`http://127.0.0.1:${agent.port}`, false)).rejects.toThrow(/403/);
  });

  it('cannot ask for a launch link without the owner secret, and a link opens once', async () => {
    const ask = (secret?: string) => fetch(`${agent.url}launch`, { method: 'POST', ...(secret ? { headers: { authorization: `Bearer ${secret}` } } : {}) });
    expect((await ask()).status).toBe(401);
    expect((await ask('x'.repeat(43))).status).toBe(401);
    const owner = fs.readFileSync(path.join(dataDir, 'agent', 'owner-secret'), 'utf8').trim();
    const { url } = (await (await ask(owner)).json()) as { url: string };
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(302);
    // Spent: the same link again (a replay of what was seen) opens nothing.
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(401);
  });

  // The app window's link is in its command line, which every user can read in /proc.
  it.skipIf(process.getuid?.() !== 0)('of another user cannot spend the app window\'s link, which stays good for the window (needs root to act as nobody)', async () => {
    const link = agent.launchUrl();
    const script = "fetch(process.argv[1], { redirect: 'manual' }).then((r) => console.log(r.status))";
    // Not spawnSync: the agent answering it runs in this process.
    const theirs = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['-e', script, link], { uid: 65534, gid: 65534, cwd: '/', timeout: 30_000 }, (error, stdout) => (error ? reject(error) : resolve(stdout.trim())));
    });
    expect(theirs).toBe('401');
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(302);
  });
});
