import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { useLaunchHarness } from '../support/launchHarness.ts';
import { malformedFrames, malformedRequests, sendRaw } from '../support/malformedRequests.ts';
import { chromiumPids, listeningPorts } from '../support/processTables.ts';
import { repoRoot } from '../support/processes.ts';

/**
 * Another user of the machine against every door of the agent that its same-user check guards
 * (issue 34): it connects from 127.0.0.N with the door's own port number, the connection the
 * check once took for the agent's own in 8 of 12 tries.
 */
const h = useLaunchHarness();
// Given as text: another user may not be able to read the checkout's folder.
const spoofer = fs.readFileSync(path.join(repoRoot, 'e2e/fixtures/spoofedRequests.mjs'), 'utf8');

interface Attempt {
  door: string;
  port: number;
  n: number;
  request: string;
}

/** Each attempt's answer (first line, or how the connection ended), run as `uid`. */
function sendAs(uid: number, attempts: Attempt[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', spoofer, JSON.stringify(attempts)], { uid, gid: uid, cwd: '/', timeout: 120_000 }, (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as string[])));
  });
}

/** The profile's proxy hop, as every user of the machine can read it from Chromium's command line. */
function hopPort(userDataDir: string): number {
  for (const pid of chromiumPids(userDataDir)) {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const proxy = args.find((arg) => arg.startsWith('--proxy-server='));
    if (proxy) return Number(new URL(proxy.slice('--proxy-server='.length)).port);
  }
  throw new Error('no --proxy-server in the profile\'s command line');
}

const upgrade = (port: number, target: string, headers = '') =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${headers}\r\n`;

describe('another user of the machine', () => {
  it.skipIf(process.getuid?.() !== 0)('is refused at every door, every time, from 127.0.0.N with the door\'s own port; the agent\'s user is let in the same way (needs root to act as nobody)', async () => {
    const id = await h.createProfile('Doors');
    // selenium=1 opens the secret-less door too: host:port alone, for Selenium's debuggerAddress.
    const started = await h.agent.call(`/api/v1/browser/start?profile_id=${id}&selenium=1`);
    expect(started.body.code, JSON.stringify(started.body)).toBe(0);
    const endpoint = new URL(started.body.data.ws.puppeteer as string);
    const devtools = Number(endpoint.port);
    expect(started.body.data.ws.selenium).toBe(`127.0.0.1:${devtools}`);
    const client = Number(new URL(h.agent.consoleUrl).port);
    const hop = hopPort(path.join(h.agent.dataDir, 'profiles', id));
    const pages = new URL(h.pages.url);

    // What the person's own scripts hold: a launch link (the app window's is in its command
    // line, readable by all) and a cookie of an admitted browser.
    const owner = fs.readFileSync(path.join(h.agent.dataDir, 'owner-secret'), 'utf8').trim();
    const askLink = async () => new URL(((await (await fetch(`${h.agent.consoleUrl}/launch`, { method: 'POST', headers: { authorization: `Bearer ${owner}` } })).json()) as { url: string }).url);
    const cookie = (await fetch(await askLink(), { redirect: 'manual' })).headers.get('set-cookie')!.split(';')[0]!;
    const link = await askLink();

    const doors = [
      { door: 'proxy hop', port: hop, request: `GET ${pages.origin}/ HTTP/1.1\r\nHost: ${pages.host}\r\n\r\n` },
      { door: 'Selenium door (no secret)', port: devtools, request: `GET /json/version HTTP/1.1\r\nHost: 127.0.0.1:${devtools}\r\n\r\n` },
      { door: 'DevTools endpoint (with the secret)', port: devtools, request: `GET /${endpoint.pathname.split('/').pop()}/json/version HTTP/1.1\r\nHost: 127.0.0.1:${devtools}\r\n\r\n` },
      { door: 'DevTools browser socket', port: devtools, request: upgrade(devtools, endpoint.pathname) },
      { door: 'bridge', port: client, request: upgrade(client, '/bridge', `Origin: http://127.0.0.1:${client}\r\nCookie: ${cookie}\r\n`) },
      { door: 'launch link', port: client, request: `GET ${link.pathname}${link.search} HTTP/1.1\r\nHost: 127.0.0.1:${client}\r\nConnection: close\r\n\r\n` },
    ];
    // Six tries a door, each from its own 127.0.0.N (a closed connection's pair stays taken a while).
    let n = 2;
    const attempts = (tries: number): Attempt[] => doors.flatMap((door) => Array.from({ length: tries }, () => ({ ...door, n: n++ })));

    const theirs = attempts(6);
    const answers = await sendAs(65534, theirs);
    const letIn = theirs.map((attempt, i) => ({ door: attempt.door, answer: answers[i]! })).filter(({ answer }) => /^HTTP\/1\.1 [123]\d\d/.test(answer));
    expect(letIn).toEqual([]);
    expect(answers.length).toBe(36);

    // The same requests, the same way, as the agent's own user: each door opens (so the
    // refusals above are the user, not the request). The launch link was left good.
    const ours = await sendAs(process.getuid!(), attempts(1));
    expect(ours).toEqual([
      expect.stringMatching(/^HTTP\/1\.1 200/),
      expect.stringMatching(/^HTTP\/1\.1 200/),
      expect.stringMatching(/^HTTP\/1\.1 200/),
      expect.stringMatching(/^HTTP\/1\.1 101/),
      expect.stringMatching(/^HTTP\/1\.1 101/),
      expect.stringMatching(/^HTTP\/1\.1 302/),
    ]);
    await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
  });
});

describe('a fuzz of every port the agent listens on', () => {
  it('answers over 1,000 malformed requests and frames with 4xx or a closed connection, and the agent and a running profile go on', async () => {
    const id = await h.createProfile('Fuzzed');
    const started = await h.agent.call(`/api/v1/browser/start?profile_id=${id}`);
    expect(started.body.code, JSON.stringify(started.body)).toBe(0);
    const agentPid = h.agent.started.child.pid!;
    const browserPids = chromiumPids(path.join(h.agent.dataDir, 'profiles', id));
    const client = Number(new URL(h.agent.consoleUrl).port);
    const api = Number(new URL(h.agent.baseUrl).port);
    const devtools = Number(new URL(started.body.data.ws.puppeteer as string).port);
    // Every port: the desktop client and its bridge, the local API, the profile's DevTools
    // endpoint and proxy hop, the fingerprint check's server.
    const ports = listeningPorts([agentPid]);
    expect(ports).toEqual(expect.arrayContaining([client, api, devtools, hopPort(path.join(h.agent.dataDir, 'profiles', id))]));
    expect(ports.length).toBeGreaterThanOrEqual(5);

    const answers = new Map<string, number>();
    const fiveHundreds: string[] = [];
    let sent = 0;
    for (let round = 0; round < 6; round++) {
      for (const port of ports) {
        const requests = malformedRequests(port, round * 65_536 + port);
        // A few at a time, as a page's many images would come.
        for (let i = 0; i < requests.length; i += 6) {
          const batch = requests.slice(i, i + 6);
          const got = await Promise.all(batch.map((bytes) => sendRaw(port, bytes)));
          got.forEach((answer, j) => {
            const kind = /^HTTP\/1\.[01] (\d)\d\d/.exec(answer)?.[1] ? `${answer.slice(9, 10)}xx` : answer.replace(/^error /, '');
            answers.set(kind, (answers.get(kind) ?? 0) + 1);
            if (kind === '5xx') fiveHundreds.push(`${port}: ${String(batch[j]).slice(0, 60)} → ${answer}`);
          });
          sent += batch.length;
        }
      }
    }

    // Frames on the two WebSockets: the bridge (after a real hello) and the DevTools endpoint, masked and not.
    const owner = fs.readFileSync(path.join(h.agent.dataDir, 'owner-secret'), 'utf8').trim();
    const link = ((await (await fetch(`${h.agent.consoleUrl}/launch`, { method: 'POST', headers: { authorization: `Bearer ${owner}` } })).json()) as { url: string }).url;
    const cookie = (await fetch(link, { redirect: 'manual' })).headers.get('set-cookie')!.split(';')[0]!;
    const secret = /"secret":"([^"]+)"/.exec(await (await fetch(h.agent.consoleUrl, { headers: { cookie } })).text())![1]!;
    for (let round = 0; round < 6; round++) {
      sent += await malformedFrames(`ws://127.0.0.1:${client}/bridge`, { origin: `http://127.0.0.1:${client}`, cookie }, [JSON.stringify({ id: 1, type: 'hello', parameter: { secret } })]);
      sent += await malformedFrames(started.body.data.ws.puppeteer as string, {});
      sent += await malformedFrames(`${started.body.data.ws.puppeteer as string}?cdp_mask=0`, {});
    }

    expect(sent).toBeGreaterThanOrEqual(1000);
    expect(fiveHundreds).toEqual([]);
    console.log(`fuzz: ${sent} sent to ports ${ports.join(', ')}; answers ${JSON.stringify(Object.fromEntries(answers))}`);

    // The agent is the same process, answers, and the profile still runs and can be driven.
    expect(h.agent.started.child.exitCode).toBeNull();
    expect(listeningPorts([agentPid])).toEqual(expect.arrayContaining([client, api, devtools]));
    expect((await fetch(`${h.agent.baseUrl}/status`, { headers: { authorization: `Bearer ${h.agent.key}` } })).status).toBe(200);
    expect((await h.agent.call(`/api/v1/browser/active?profile_id=${id}`)).body.data.status).toBe('Active');
    expect(chromiumPids(path.join(h.agent.dataDir, 'profiles', id))).toEqual(expect.arrayContaining(browserPids.slice(0, 1)));
    const browser = await puppeteer.connect({ browserWSEndpoint: started.body.data.ws.puppeteer as string, defaultViewport: null });
    const [page] = await browser.pages();
    expect(await page!.evaluate(() => 6 * 7)).toBe(42);
    await browser.disconnect();
    expect(h.agent.started.output()).not.toMatch(/no handler caught/);
    await h.agent.call(`/api/v1/browser/stop?profile_id=${id}`);
  });
});
