import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Code, type HostReport } from '@facet/contracts';
import { TempFolders } from '../../test/helpers/tempFolders.ts';
import { StateSaves } from '../core/stateSaves.ts';
import { PluginCache } from '../plugins/pluginCache.ts';
import { readOrCreateDeviceKey } from '../storage/deviceKey.ts';
import { HostRuns } from './hostRuns.ts';

const folders = new TempFolders('host-runs');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  folders.removeAll();
});

/** A server that answers every launch as the real one answers a profile the token does not reach. */
async function serverWithoutProfiles(): Promise<{ url: string; bearers: string[] }> {
  const bearers: string[] = [];
  const server = http.createServer((request, response) => {
    bearers.push(request.headers.authorization ?? '');
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: Code.NOT_FOUND, msg: 'code.notFound' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bearers };
}

function hostRuns(serverUrl: string) {
  const dataDir = folders.make();
  const reports: HostReport[] = [];
  const runs = new HostRuns({
    serverUrl,
    hostToken: 'fht_host',
    hostName: 'rack-1',
    runsDir: path.join(dataDir, 'runs'),
    launcher: {
      kernels: () => Promise.resolve([]),
      profilesDir: () => path.join(dataDir, 'profiles'),
      platformBuilds: path.join(dataDir, 'builds'),
      diskMinLimitGb: () => 0,
      ipCheckUrl: 'http://127.0.0.1:9/ip',
      loopbackOnly: true,
      geo: () => Promise.resolve(null),
      deviceKey: readOrCreateDeviceKey(dataDir),
      plugins: new PluginCache(path.join(dataDir, 'plugins'), () => {}),
      saves: new StateSaves(),
      stateEvents: { progress: () => {}, conflict: () => {}, leaseLost: () => {}, accessEnded: () => {} },
      checks: { open: () => Promise.reject(new Error('no check here')) },
      log: () => {},
    },
    report: (report) => reports.push(report),
    log: () => {},
  });
  return { runs, reports, runsDir: path.join(dataDir, 'runs') };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the runs of a host', () => {
  it('asks the launch with the run\'s token and reports its refusal with the desktop client\'s reason, leaving nothing behind', async () => {
    const server = await serverWithoutProfiles();
    const host = hostRuns(server.url);
    host.runs.handle({ type: 'start', runId: 'r1', profileId: 'p1', runToken: 'frt_'.padEnd(30, 'k') });
    await until(() => host.reports.length > 0, 'a report');
    expect(host.reports).toEqual([{ type: 'failed', runId: 'r1', reason: 'notFound' }]);
    expect(server.bearers[0]).toBe(`Bearer ${'frt_'.padEnd(30, 'k')}`);
    expect(host.runs.counts()).toEqual({ profiles: 0, streams: 0 });
    expect(fs.readdirSync(host.runsDir)).toEqual([]);
  });

  it('does nothing for runs it does not have', async () => {
    const host = hostRuns('http://127.0.0.1:9');
    host.runs.handle({ type: 'stream', runId: 'nope', streamId: 'abcdefghijklmnop' });
    host.runs.handle({ type: 'stop', runId: 'nope' });
    host.runs.handle({ type: 'endStream', streamId: 'abcdefghijklmnop' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(host.reports).toEqual([]);
    expect(host.runs.counts()).toEqual({ profiles: 0, streams: 0 });
    expect(host.runs.resume()).toEqual([]);
  });
});
