import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { profileSchema, type Cookie } from '@facet/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { loopbackOnlyArgs } from '../../core/profileLauncher.ts';
import { CdpConnection } from '../cdp/cdp.ts';
import { launchBrowser } from './launchBrowser.ts';
import { killGroup, spawnChromiumWithPipe } from './spawnChromium.ts';
import { savableCookies, setStoredCookies } from './storedCookies.ts';
import { platformBuildsCache } from '../../config.ts';

/**
 * Issue 34: one stored cookie Chromium refuses (a name with CR/LF, a domain `javascript:alert(1)`,
 * written by an older version or a recipient) made every start of the profile fail with
 * `Storage.setCookies: Invalid cookie fields`. Real Chromium, nothing beyond loopback.
 */
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-stored-cookies-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const good = (name: string, domain: string): Cookie => ({ domain, name, value: `${name}-value`, path: '/', expirationDate: 1_900_000_000, httpOnly: false, secure: false, sameSite: 'lax' });
/** What the profile's store holds: good cookies around three a browser refuses. */
const stored: Cookie[] = [
  good('sid', 'shop.example'),
  { ...good('crlf', 'shop.example'), name: 'a\r\nb' },
  good('script', 'javascript:alert(1)'),
  // The cookie rule takes it (a digit of any script may name a host); Chromium's IDNA check does not.
  good('idna', '.\u0663.example'),
  good('cart', '.shop.example'),
];
const skippedAsExpected = [
  { index: 1, name: 'a\r\nb', domain: 'shop.example', field: 'name' },
  { index: 2, name: 'script', domain: 'javascript:alert(1)', field: 'domain' },
  { index: 3, name: 'idna', domain: '.\u0663.example', field: null },
];

async function cookieNames(connection: CdpConnection): Promise<string[]> {
  const { cookies } = await connection.send<{ cookies: { name: string }[] }>('Storage.getCookies');
  return cookies.map((c) => c.name).sort();
}

describe('stored cookies at a start', () => {
  it('sets the good ones and names, by index and field, each one the rule or the browser refuses', async () => {
    const userDataDir = fs.mkdtempSync(path.join(root, 'pipe-'));
    const chromium = spawnChromiumWithPipe(CHROMIUM, ['--headless=new', '--no-sandbox', ...loopbackOnlyArgs, `--user-data-dir=${userDataDir}`, 'about:blank'], process.env);
    const connection = new CdpConnection(chromium.transport);
    try {
      await connection.send('Browser.getVersion');
      expect(await setStoredCookies(connection, stored)).toEqual(skippedAsExpected);
      expect(await cookieNames(connection)).toEqual(['cart', 'sid']);
    } finally {
      connection.close();
      killGroup(chromium.process, 'SIGKILL');
      await chromium.exited;
    }
  }, 60_000);

  it('starts a profile whose store holds cookies the browser refuses, with its good cookies in, and says which it left out', async () => {
    const profile = profileSchema.parse({
      id: 'stored-cookies', serial: 1, groupName: '', createdAt: 0, lastUsedAt: null, owner: { id: 'owner', name: 'owner' }, members: [], sharer: null, permission: null,
      name: 'Shop', groupId: '0', os: 'windows', kernelVersion: '156', resolution: '1366x768', language: 'en-US', timezone: 'Europe/Berlin', startPage: '',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      sync: { cookies: false },
      cookies: stored,
    });
    const errors: unknown[] = [];
    const launched = await launchBrowser(profile, {
      chromium: CHROMIUM,
      platformBuilds: platformBuildsCache(),
      profilesDir: root,
      extraArgs: loopbackOnlyArgs,
      ipCheckUrl: 'http://127.0.0.1:9/',
      headless: true,
      openDebugPort: false,
      mayRunProfileCode: true,
      env: process.env,
      extensions: async () => [],
      onError: (error) => errors.push(error),
      geo: async () => null,
      saveCookies: async () => {},
    });
    try {
      expect(launched.skippedCookies).toEqual(skippedAsExpected);
      const client = await CdpConnection.open(launched.endpoint);
      try {
        expect(await cookieNames(client)).toEqual(['cart', 'sid']);
      } finally {
        client.close();
      }
    } finally {
      await launched.stop();
    }
    expect(errors).toEqual([]);
  }, 120_000);

  it('saves at a stop only what the rule takes, so one odd cookie does not have the whole save refused', () => {
    const held = [good('sid', 'shop.example'), { ...good('odd', 'shop.example'), value: 'a;b' }, good('cart', '.shop.example')];
    expect(savableCookies(held)).toEqual({ kept: [held[0], held[2]], dropped: 1 });
  });
});
