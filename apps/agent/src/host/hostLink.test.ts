import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { Code, HOST_JOIN_PATH, HOST_LINK_MAX_MESSAGE_BYTES, HOST_LINK_PATH, hostJoinRequestSchema, hostReportSchema, type HostCommand, type HostReport } from '@facet/contracts';
import { HostJoinRefused, HostLink, joinTeam } from './hostLink.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const TOKEN = 'fht_0123456789abcdefghijklmnop';
const CODE = 'ABCD-EFGH-JKLM';
const load = { cores: 2, cpuPercent: 12.5, memoryUsedMb: 100, memoryTotalMb: 1000, profiles: 0, streams: 0 };

/**
 * The team server's side of the host protocol (contracts: remote/hostLink.ts), on loopback: the
 * join with its one code, and the link, which admits only the token and checks every report.
 */
async function teamServer(options: { refuse?: boolean } = {}) {
  const links: { socket: WebSocket; reports: HostReport[] }[] = [];
  let refusedLinks = 0;
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== HOST_JOIN_PATH) return void response.writeHead(404).end();
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const join = hostJoinRequestSchema.safeParse(JSON.parse(body));
      const ok = join.success && join.data.code === CODE;
      response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      response.end(JSON.stringify(ok ? { code: 0, msg: '', data: { hostId: 'h1', token: TOKEN } } : { code: Code.HOST_CODE_INVALID, msg: 'code.hostCodeInvalid' }));
    });
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: HOST_LINK_MAX_MESSAGE_BYTES });
  server.on('upgrade', (request, socket, head) => {
    if (request.url !== HOST_LINK_PATH || options.refuse || request.headers.authorization !== `Bearer ${TOKEN}`) {
      refusedLinks += 1;
      socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const link = { socket: ws, reports: [] as HostReport[] };
      links.push(link);
      ws.on('message', (data) => link.reports.push(hostReportSchema.parse(JSON.parse(String(data)))));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  cleanups.push(async () => {
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, links, refusedLinks: () => refusedLinks };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function linkTo(url: string, extra: Partial<ConstructorParameters<typeof HostLink>[0]> = {}) {
  const commands: HostCommand[] = [];
  const lines: string[] = [];
  let ups = 0;
  let removed = false;
  const link = new HostLink({
    serverUrl: url,
    token: TOKEN,
    load: () => load,
    resume: () => [{ type: 'started', runId: 'r1', width: 1920, height: 1080 }],
    onCommand: (command) => commands.push(command),
    onUp: () => (ups += 1),
    onRemoved: () => (removed = true),
    log: (line) => lines.push(line),
    loadEveryMs: 100,
    firstRetryMs: 20,
    ...extra,
  });
  cleanups.push(() => link.close());
  link.start();
  return { link, commands, lines, ups: () => ups, removed: () => removed };
}

describe('joining a team', () => {
  it('gives the code, the name and the device key, and takes the host\'s id and token', async () => {
    const server = await teamServer();
    const joined = await joinTeam(server.url, { code: CODE, name: 'rack-1', deviceKey: 'k'.repeat(43) });
    expect(joined).toEqual({ hostId: 'h1', token: TOKEN });
  });

  it('is refused with the server\'s code for a wrong one', async () => {
    const server = await teamServer();
    const refused = await joinTeam(server.url, { code: 'ZZZZ-ZZZZ-ZZZZ', name: 'rack-1', deviceKey: 'k'.repeat(43) }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HostJoinRefused);
    expect(refused).toMatchObject({ code: Code.HOST_CODE_INVALID, status: 401 });
  });
});

describe('the host\'s link', () => {
  it('reports its load at once and then on its interval, and the runs still running, with the host\'s token', async () => {
    const server = await teamServer();
    const host = linkTo(server.url);
    await until(() => server.links[0]?.reports.filter((r) => r.type === 'load').length === 3, 'three loads');
    const reports = server.links[0]!.reports;
    expect(reports[0]).toEqual({ type: 'load', load });
    expect(reports[1]).toEqual({ type: 'started', runId: 'r1', width: 1920, height: 1080 });
    expect(host.ups()).toBe(1);
  });

  it('hands over the commands the contract knows and ignores the rest', async () => {
    const server = await teamServer();
    const host = linkTo(server.url);
    await until(() => server.links.length === 1, 'the link');
    const { socket } = server.links[0]!;
    socket.send(JSON.stringify({ type: 'start', runId: 'r2', profileId: 'p1', runToken: 'frt_'.padEnd(40, 'x') }));
    socket.send('not json');
    socket.send(JSON.stringify({ type: 'launch', runId: 'r2' }));
    socket.send(JSON.stringify({ type: 'stream', runId: 'r2', streamId: '../../etc/passwd' }));
    socket.send(JSON.stringify({ type: 'stream', runId: 'r2', streamId: 'abcdefghijklmnop' }));
    socket.send(JSON.stringify({ type: 'stop', runId: 'r2' }));
    await until(() => host.commands.length === 3, 'three commands');
    expect(host.commands).toEqual([
      { type: 'start', runId: 'r2', profileId: 'p1', runToken: 'frt_'.padEnd(40, 'x') },
      { type: 'stream', runId: 'r2', streamId: 'abcdefghijklmnop' },
      { type: 'stop', runId: 'r2' },
    ]);
    expect(host.lines.filter((line) => line.includes('ignored'))).toHaveLength(3);
  });

  it('connects again after a message over the limit, reporting afresh, with the ends it could not send', async () => {
    const server = await teamServer();
    const host = linkTo(server.url);
    await until(() => server.links.length === 1 && host.link.up, 'the link');
    server.links[0]!.socket.send(JSON.stringify({ type: 'stop', runId: 'x'.repeat(HOST_LINK_MAX_MESSAGE_BYTES) }));
    await until(() => !host.link.up, 'the link closed');
    host.link.send({ type: 'stopped', runId: 'r1' });
    await until(() => server.links.length === 2 && server.links[1]!.reports.length >= 3, 'the second link');
    expect(server.links[1]!.reports.slice(0, 3)).toEqual([{ type: 'load', load }, { type: 'started', runId: 'r1', width: 1920, height: 1080 }, { type: 'stopped', runId: 'r1' }]);
    expect(host.commands).toEqual([]);
    expect(host.ups()).toBe(2);
  });

  it('keeps trying while the server is away, and stops for good when it refuses the token', async () => {
    const server = await teamServer({ refuse: true });
    const host = linkTo(server.url);
    await until(() => host.removed(), 'the removal');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.refusedLinks()).toBe(1);
    expect(host.ups()).toBe(0);
    expect(host.lines.join('\n')).toContain('HTTP 401');
  });

  it('sends nothing the contract does not allow', () => {
    const host = linkTo('http://127.0.0.1:9');
    expect(() => host.link.send({ type: 'started', runId: 'r1', width: 0, height: 10 })).toThrow();
  });
});
