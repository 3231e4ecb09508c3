import { describe, expect, it } from 'vitest';
import { bridgeRequestSchema, bridgeRequestTypes, bridgeRequests, type BridgeParameter, type BridgeRequestType, type BridgeResultSent } from '../index.ts';

/**
 * One payload of each request as the console sends it and the agent answers it today, and one
 * of each that is wrong. Typed by the table, so a request added without samples fails to compile.
 */
type Samples = { [K in BridgeRequestType]: { parameter: BridgeParameter<K>; result: BridgeResultSent<K>; wrongParameter: unknown; wrongResult: unknown } };

const config = {
  profileDir: '/home/a/.facet/profiles',
  diskUse: 1024,
  diskMinLimit: 5,
  Emulation: { open: true, bindip: '127.0.0.1', port: 50325, password: '', passwordSet: false, keyless: false },
  defaultProfileDir: '/home/a/.facet/profiles',
  diskFree: null,
  bindAddresses: ['127.0.0.1', '0.0.0.0'],
  automationAddress: '127.0.0.1:50325',
};
const running = { profileId: 'p1', state: 'running' as const, number: 1, headless: false, skippedCookies: [] };
const batch = { batchId: 'b1', action: 'start' as const, total: 2, active: ['p2'], results: [{ profileId: 'p1', outcome: 'failed' as const, reason: 'timeout' as const }], cancelled: false, finished: false, seq: 3 };
const proxy = { type: 'http' as const, host: '127.0.0.1', port: 3128, username: 'alice', password: 's3cret', direct: false, country: '' };

const synchronizing = { running: true, leaderId: 'p1', leaderUrl: 'https://example.com/form', followers: [{ profileId: 'p2', state: 'inStep' as const, url: 'https://example.com/form' }, { profileId: 'p3', state: 'closed' as const }] };

const samples: Samples = {
  hello: { parameter: { secret: 'x'.repeat(43), lang: 9 }, result: undefined, wrongParameter: { lang: 9 }, wrongResult: true },
  openUrl: { parameter: { url: 'https://example.com/notes' }, result: true, wrongParameter: { url: 'not a url' }, wrongResult: false },
  base64Encode: { parameter: { text: 'Facet ✓' }, result: 'RmFjZXQg4pyT', wrongParameter: { text: 42 }, wrongResult: null },
  isBrowserRunning: { parameter: { profileId: 'p1' }, result: false, wrongParameter: { profileId: 42 }, wrongResult: 'no' },
  configInfo: { parameter: undefined, result: config, wrongParameter: { all: true }, wrongResult: { ...config, diskMinLimit: 0 } },
  logout: { parameter: undefined, result: true, wrongParameter: {}, wrongResult: undefined },
  session: { parameter: { auth: 'token' }, result: true, wrongParameter: { auth: '' }, wrongResult: { auth: 'token' } },
  startBrowser: { parameter: { profileId: 'p1', headless: true }, result: running, wrongParameter: { profileId: '' }, wrongResult: { ...running, state: 'stopped' } },
  stopBrowser: { parameter: { profileId: 'p1' }, result: true, wrongParameter: { profileIds: ['p1'] }, wrongResult: running },
  runningBrowsers: { parameter: undefined, result: [running, { ...running, profileId: 'p2', number: 2, state: 'launching' }], wrongParameter: 'all', wrongResult: running },
  testProxy: { parameter: { proxy }, result: { ip: '81.2.69.142', latencyMs: 12, country: 'GB', timezone: 'Europe/London' }, wrongParameter: { proxy: { ...proxy, port: 'x' } }, wrongResult: { ip: '81.2.69.142', latencyMs: 1.5 } },
  kernels: { parameter: undefined, result: [{ path: '/usr/bin/chromium', product: 'Chromium', version: '156.0.8078.79', major: 156 }], wrongParameter: null, wrongResult: [{ path: '/usr/bin/firefox', product: 'Firefox', version: '1', major: 1 }] },
  saveConfig: {
    parameter: { profileDir: '/data/profiles', diskMinLimit: null, Emulation: { open: false, bindip: '127.0.0.1', port: null } },
    result: config,
    wrongParameter: { profileDir: '', diskMinLimit: 5, Emulation: { open: false, bindip: '127.0.0.1', port: 1 } },
    wrongResult: { ok: true },
  },
  listDirectory: { parameter: { path: '/home/a', showHidden: false }, result: { path: '/home/a', parent: '/home', entries: [{ name: 'work' }], truncated: false }, wrongParameter: { path: 7 }, wrongResult: { path: '/home/a', entries: [] } },
  cleanCache: { parameter: undefined, result: { freedBytes: 4096, cleaned: 3, skippedRunning: 1 }, wrongParameter: { force: true }, wrongResult: { freedBytes: -1, cleaned: 0, skippedRunning: 0 } },
  checkFingerprint: { parameter: { profileId: 'p1', lang: 'en-US' }, result: { url: 'http://127.0.0.1:5000/check/abc' }, wrongParameter: { profileId: 'p1', lang: 'klingon' }, wrongResult: {} },
  closeWindow: { parameter: undefined, result: true, wrongParameter: { now: 1 }, wrongResult: 1 },
  quitClient: { parameter: undefined, result: true, wrongParameter: [], wrongResult: 'bye' },
  setServer: { parameter: { url: 'facet.example.com' }, result: { url: 'https://facet.example.com' }, wrongParameter: { url: '' }, wrongResult: 'https://facet.example.com' },
  startBrowsers: { parameter: { profileIds: ['p1', 'p2'], headless: false }, result: batch, wrongParameter: { profileIds: [] }, wrongResult: { ...batch, action: 'open' } },
  stopBrowsers: { parameter: { profileIds: ['p1'] }, result: { ...batch, action: 'stop' }, wrongParameter: { profileIds: 'p1' }, wrongResult: [batch] },
  browserBatches: { parameter: undefined, result: [batch], wrongParameter: { batchId: 'b1' }, wrongResult: batch },
  cancelBatch: { parameter: { batchId: 'b1' }, result: { ...batch, cancelled: true }, wrongParameter: {}, wrongResult: { ...batch, seq: -1 } },
  arrangeWindows: {
    parameter: { profileIds: ['p1'], columns: 2 },
    result: { screen: { left: 0, top: 0, width: 1920, height: 1040 }, columns: 1, rows: 1, windows: [{ profileId: 'p1', bounds: { left: 0, top: 0, width: 1920, height: 1040 } }], failed: [] },
    wrongParameter: { columns: 0 },
    wrongResult: { columns: 1, rows: 1, windows: [], failed: [] },
  },
  synchronizerStart: {
    parameter: { leaderId: 'p1', followerIds: ['p2', 'p3'], options: { minDelayMs: 10, maxDelayMs: 60 } },
    result: synchronizing,
    wrongParameter: { leaderId: 'p1', followerIds: ['p1'] },
    wrongResult: { ...synchronizing, followers: [{ profileId: 'p2', state: 'lost' }] },
  },
  synchronizerStop: { parameter: undefined, result: { running: false, leaderId: null, followers: [] }, wrongParameter: { all: true }, wrongResult: { running: false } },
  synchronizerStatus: { parameter: undefined, result: synchronizing, wrongParameter: 'p1', wrongResult: { ...synchronizing, leaderId: 1 } },
  synchronizerResync: { parameter: { profileId: 'p2' }, result: synchronizing, wrongParameter: { profileId: '' }, wrongResult: null },
  synchronizerDrop: { parameter: { profileId: 'p3' }, result: { ...synchronizing, followers: [{ profileId: 'p3', state: 'dropped' as const }] }, wrongParameter: {}, wrongResult: { ...synchronizing, followers: 'p3' } },
};

describe('the bridge request table', () => {
  it('names every request type the envelope lets through, and only those', () => {
    expect(Object.keys(samples).sort()).toEqual([...bridgeRequestTypes].sort());
    expect(bridgeRequestSchema.safeParse({ id: 1, type: 'arrangeWindows' }).success).toBe(true);
    expect(bridgeRequestSchema.safeParse({ id: 1, type: 'formatDisk' }).success).toBe(false);
  });

  it.each(bridgeRequestTypes)('%s: takes a real parameter and answer, refuses wrong ones', (type) => {
    const { parameter, result } = bridgeRequests[type];
    const sample = samples[type];
    expect(parameter.safeParse(sample.parameter).success).toBe(true);
    expect(result.safeParse(sample.result).success).toBe(true);
    expect(parameter.safeParse(sample.wrongParameter).success).toBe(false);
    expect(result.safeParse(sample.wrongResult).success).toBe(false);
  });

  it('takes no parameter where the console sends none', () => {
    expect(bridgeRequests.listDirectory.parameter.safeParse(undefined).success).toBe(true);
    expect(bridgeRequests.arrangeWindows.parameter.safeParse(undefined).success).toBe(true);
    expect(bridgeRequests.logout.parameter.safeParse(undefined).success).toBe(true);
  });
});
