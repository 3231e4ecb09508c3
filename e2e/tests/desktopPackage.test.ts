import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loginCall, profileCreateCall } from '@facet/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClientFor, signUpByApi } from '../support/accounts.ts';
import { launchChromium, screenshot, watchErrors } from '../support/browser.ts';
import { text } from '../support/fixture.ts';
import { openClient, registerAgent } from '../support/clientAccess.ts';
import { freePort, repoRoot, startStack, type Stack } from '../support/processes.ts';
import { processesWith } from '../support/xvfb.ts';

/**
 * The desktop client as a person gets it: `npm run package:deb` builds the .deb, its files are
 * laid out as dpkg would (dpkg-deb -x into a folder standing for /), and the installed command
 * runs with its own Node.js against a team's server named at first start. (Installing with apt
 * needs root and changes the machine; docs/deployment.md records that run on a fresh Debian.)
 */
let stack: Stack;
let browser: Browser;
let work: string;
let deb: string;
let installRoot: string;
let home: string;
const clients: ChildProcess[] = [];

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-deb-'));
  [stack, browser] = await Promise.all([startStack(), launchChromium()]);
  const built = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/package-deb.mjs'), '--fast', '--out', work], { cwd: repoRoot, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`package-deb failed:\n${built.stdout}\n${built.stderr}`);
  deb = fs.readdirSync(work).map((f) => path.join(work, f)).find((f) => f.endsWith('.deb'))!;
  installRoot = path.join(work, 'root');
  home = path.join(work, 'home');
  fs.mkdirSync(home);
  const extracted = spawnSync('dpkg-deb', ['-x', deb, installRoot]);
  if (extracted.status !== 0) throw new Error(`dpkg-deb -x failed: ${extracted.stderr}`);
}, 300_000);

afterAll(async () => {
  for (const child of clients) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(clients.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null)));
  await browser?.close();
  await stack?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

const field = (name: string) => spawnSync('dpkg-deb', ['-f', deb, name], { encoding: 'utf8' }).stdout.trim();

/** The installed command, as the menu entry runs it: no terminal, no server named. */
function runClient(port: number): ChildProcess {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    FACET_AGENT_PORT: String(port),
    FACET_APP_WINDOW: '0',
    FACET_LOCAL_API_PORT: '0',
    // The test rules: profile browsers resolve nothing but loopback.
    FACET_BROWSER_LOOPBACK_ONLY: '1',
    FACET_IP_CHECK_URL: 'http://127.0.0.1:9/',
  };
  // /usr/bin/facet-client points at /opt, which is not this folder: the launcher it points to
  // finds the app from its own place, so it runs where dpkg-deb put it.
  const child = spawn(path.join(installRoot, 'opt/facet-client/bin/facet-client'), [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  clients.push(child);
  return child;
}

const dataDir = () => path.join(home, '.local/share/facet-client');
const log = () => fs.readFileSync(path.join(dataDir(), 'client.log'), 'utf8');

async function untilServing(url: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`answered ${response.status}`);
    },
    { timeout: 60_000, interval: 250 },
  );
}

describe('the desktop client package', () => {
  it('is a Debian package with the client, a command and a menu entry', () => {
    expect(field('Package')).toBe('facet-client');
    expect(field('Depends')).toMatch(/\bchromium\b/);
    expect(field('Architecture')).toMatch(/^(amd64|arm64)$/);
    // /usr/bin/facet-client points into /opt, where dpkg puts the app.
    expect(fs.readlinkSync(path.join(installRoot, 'usr/bin/facet-client'))).toBe('/opt/facet-client/bin/facet-client');
    const entry = fs.readFileSync(path.join(installRoot, 'usr/share/applications/facet-client.desktop'), 'utf8');
    expect(entry).toMatch(/^Exec=facet-client$/m);
    expect(entry).toMatch(/^Icon=facet-client$/m);
    expect(fs.existsSync(path.join(installRoot, 'usr/share/icons/hicolor/scalable/apps/facet-client.svg'))).toBe(true);
    expect(fs.readFileSync(path.join(installRoot, 'usr/share/doc/facet-client/copyright'), 'utf8')).toContain('GeoLite2');
    // Its own Node.js, new enough for the agent (Debian 12's is 18).
    const node = spawnSync(path.join(installRoot, 'opt/facet-client/node'), ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    const [major, minor] = node.split('.').map(Number);
    expect(major! > 20 || (major === 20 && minor! >= 19)).toBe(true);
  });

  it('asks for the server at first start, connects to it, signs in and opens a profile', async () => {
    const person = await signUpByApi(stack);
    const api = await apiClientFor(stack);
    api.adopt(await api.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 }));
    const { profile } = await api.call(profileCreateCall, {
      settings: {
        name: 'Packaged client profile',
        groupId: '0',
        os: 'linux',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
        resolution: '1280x800',
        kernelVersion: '156', timezone: 'Europe/Berlin', language: 'de-DE,de', fingerprint: { timezoneByIp: false, languageByIp: false },
      },
    });

    const port = await freePort();
    const client = runClient(port);
    const agentUrl = `http://127.0.0.1:${port}`;
    await untilServing(`${agentUrl}/favicon.svg`);
    registerAgent(agentUrl, path.join(dataDir(), 'agent'));
    expect(log()).toContain('server not chosen yet');
    // Everything the client keeps is for this user only.
    expect(fs.statSync(dataDir()).mode & 0o077).toBe(0);

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    const errors = watchErrors(page);
    // Another program that only knows the address gets a page saying where Facet opens, with
    // nothing of the client in it.
    const stranger = await fetch(`${agentUrl}/`);
    expect(stranger.status).toBe(401);
    const strangerPage = await stranger.text();
    expect(strangerPage).not.toContain(fs.readFileSync(path.join(dataDir(), 'agent/install-secret'), 'utf8').trim());
    expect(strangerPage).toContain('__FACET_CLIENT_LOCKED__');
    await openClient(page, agentUrl);
    await page.getByText(text('connect.title')).waitFor();
    await screenshot(page, 'package-first-start');
    const address = page.getByLabel(text('connect.url'));
    // Nothing listens there: said beside the field, and nothing is kept.
    await address.fill('127.0.0.1:9');
    await page.getByRole('button', { name: text('connect.submit') }).click();
    await page.getByText(text('connect.error.unreachable').replace('{{server}}', '127.0.0.1:9')).waitFor();
    expect(fs.existsSync(path.join(dataDir(), 'agent/server.json'))).toBe(false);
    // The team's server, typed without its scheme as people do.
    await address.fill(stack.serverUrl.replace('http://', ''));
    await page.getByRole('button', { name: text('connect.submit') }).click();
    await page.waitForURL('**/login');
    await page.getByText(text('connect.server').replace('{{server}}', stack.serverUrl)).waitFor();
    await screenshot(page, 'package-login');

    await page.getByLabel(text('auth.login.account'), { exact: true }).fill(person.username);
    await page.getByLabel(text('auth.login.password'), { exact: true }).fill(person.password);
    await page.getByRole('button', { name: text('auth.login.submit'), exact: true }).click();
    await page.waitForURL('**/wel/browser');
    await page.getByTestId(`profile-launch-${profile.id}`).click();
    await page.getByTestId(`profile-running-${profile.id}`).waitFor({ timeout: 60_000 });
    // The profile's Chromium was started by the packaged agent, from its own data folder.
    expect(processesWith(path.join(dataDir(), 'agent')).length).toBeGreaterThan(0);
    await screenshot(page, 'package-profile-running');
    await page.getByTestId(`profile-launch-${profile.id}`).click();
    await page.getByTestId(`profile-running-${profile.id}`).waitFor({ state: 'detached', timeout: 30_000 });

    // Started again from the menu while it runs: the running client is shown, no second agent.
    const second = runClient(port);
    expect(await new Promise((resolve) => second.once('exit', resolve))).toBe(0);
    expect(log()).toContain('already running');

    // Restarted: it remembers the server, and the sign-in page offers to change it.
    client.kill('SIGTERM');
    await new Promise((resolve) => client.once('exit', resolve));
    runClient(port);
    await untilServing(`${agentUrl}/favicon.svg`);
    // A restarted agent admits no browser of before: the app window comes in through a new link.
    await page.goto(`${agentUrl}/login`);
    await page.getByTestId('client-locked').waitFor();
    await screenshot(page, 'package-client-locked');
    await openClient(page, agentUrl, '/login');
    await page.getByText(text('connect.server').replace('{{server}}', stack.serverUrl)).waitFor();
    await page.getByText(text('connect.changeLink'), { exact: true }).click();
    await page.waitForURL('**/connect');
    expect(await page.getByLabel(text('connect.url')).inputValue()).toBe(stack.serverUrl);
    expect(errors).toEqual([]);
  });
});
