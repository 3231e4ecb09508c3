import { ApiClient, memoryCredentialStore } from '@facet/api-client';
import { chromium as playwright } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { signUpByApi } from './accounts.ts';
import { apiTokenFor, startAutomationAgent, type AutomationAgent } from './automation.ts';
import { pageWhere } from './browser.ts';
import { startIdentityPages, type IdentityPages } from './identityPages.ts';
import { startStack, type Stack } from './processes.ts';
import { startTestProxy, type TestProxy } from './testProxy.ts';
import { startTestSocksProxy, type TestSocksProxy } from './testSocksProxy.ts';

/**
 * What the launch journeys share: a stack, an agent whose local automation API a script calls,
 * local pages that report what a site sees (and play the IP-check service), and an HTTP and a
 * SOCKS5 proxy with credentials on 127.0.0.1. Real Chromium, nothing beyond loopback.
 */
export const WINDOWS_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** What every window scope of a profile made by `createProfile` reads. */
export const expected = {
  userAgent: WINDOWS_UA,
  platform: 'Win32',
  language: 'de-DE',
  languages: ['de-DE', 'de', 'en'],
  // What Intl formats with: Chromium's own locale for the first language, as a German Chrome has it.
  locale: 'de',
  timeZone: 'Asia/Tokyo',
  hardwareConcurrency: 6,
  deviceMemory: 4,
  hintsPlatform: 'Windows',
  // Width, height, available width and height, and a window that fits in that screen.
  screen: [1366, 768, 1366, 768, true],
  // Hidden until the extension is asked for; then the profile's GPU, with a desktop GPU's limits
  // although this machine renders WebGL in software.
  webgl: [null, 'Google Inc. (NVIDIA)', 'ANGLE (NVIDIA, NVIDIA GeForce GTX 1650 Direct3D11 vs_5_0 ps_5_0, D3D11)', 16384, [32767, 32767]],
};
/** Workers have no screen; everything else they read is the page's. */
export const expectedInWorkers = { ...expected, screen: 'no screen in a worker' };

export interface LaunchHarness {
  stack: Stack;
  agent: AutomationAgent;
  pages: IdentityPages;
  proxy: TestProxy;
  socks: TestSocksProxy;
  /** The profile owner's API-token client of the server. */
  serverApi: ApiClient;
  /** `extra.fingerprint` adds to the profile's fingerprint; the rest of `extra` replaces fields. */
  createProfile(name: string, extra?: Record<string, unknown>): Promise<string>;
  /** Starts a profile through the local API and attaches to its start page. */
  open(id: string): ReturnType<typeof openProfile>;
}

async function openProfile(h: Pick<LaunchHarness, 'agent' | 'pages'>, id: string) {
  const { body } = await h.agent.call(`/api/v1/browser/start?profile_id=${id}`);
  expect(body.code, JSON.stringify(body)).toBe(0);
  const browser = await playwright.connectOverCDP(body.data.ws.puppeteer);
  const page = await pageWhere(browser.contexts()[0]!, (url) => url.startsWith(h.pages.url));
  await page.waitForFunction(() => typeof (window as unknown as { report?: unknown }).report === 'function');
  return { browser, page };
}

/** Starts everything before the file's tests and stops it after them; `localSettings`: the agent's settings.json. */
export function useLaunchHarness(options: { localSettings?: Record<string, unknown> } = {}): LaunchHarness {
  const h = {
    createProfile: async (name: string, extra: Record<string, unknown> = {}) => {
      const { fingerprint, ...fields } = extra as { fingerprint?: Record<string, unknown> };
      const { body } = await h.agent.call('/api/v1/profile/create', {
        body: {
          name,
          os: 'windows',
          userAgent: WINDOWS_UA,
          language: 'de-DE,de,en',
          timezone: 'Asia/Tokyo',
          resolution: '1366x768',
          startPage: `${h.pages.url}/`,
          // The test pages stand for remote sites but live on loopback, which port-scan protection
          // guards (portScan.test.ts covers it); here they must be reached through the proxy.
          fingerprint: {
            navigator: { platform: 'Win32', hardwareConcurrency: 6, deviceMemory: 4, maxTouchPoints: 0, doNotTrack: 'unset' },
            webglMetadata: { mode: 'custom', vendor: 'Google Inc. (NVIDIA)', renderer: 'ANGLE (NVIDIA, NVIDIA GeForce GTX 1650 Direct3D11 vs_5_0 ps_5_0, D3D11)' },
            customHeaders: [{ name: 'X-Shop-Region', value: 'eu-west' }],
            portScanProtection: { enabled: false },
            ...fingerprint,
          },
          ...fields,
        },
      });
      expect(body).toMatchObject({ code: 0, msg: 'success' });
      return body.data.id as string;
    },
    open: (id: string) => openProfile(h, id),
  } as LaunchHarness;

  beforeAll(async () => {
    [h.stack, h.pages, h.proxy, h.socks] = await Promise.all([startStack(), startIdentityPages(), startTestProxy('proxy-user', 'proxy-pass'), startTestSocksProxy('socks-user', 'socks-pass')]);
    const person = await signUpByApi(h.stack);
    const token = apiTokenFor(h.stack, person.email);
    h.serverApi = new ApiClient({ baseUrl: h.stack.serverUrl, signKey: '', credentials: memoryCredentialStore(null), getLanguage: () => 0, apiToken: token });
    h.agent = await startAutomationAgent(h.stack, token, { FACET_IP_CHECK_URL: `${h.pages.url}/ip` }, options.localSettings);
  });

  afterAll(async () => {
    await h.agent?.stop();
    await h.stack?.stop();
    await h.proxy?.close();
    await h.socks?.close();
    await h.pages?.close();
  });
  return h;
}
