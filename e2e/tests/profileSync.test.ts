import { ApiClient, memoryCredentialStore } from '@facet/api-client';
import { randomBytes } from 'node:crypto';
import {
  SYNC_CHUNKS_PREFIX,
  apiProfileDetailCall,
  apiProfileLaunchCall,
  apiProfileLeaseReleaseCall,
  apiProfileListCall,
  apiProfileShareCall,
  apiProfileSyncCommitCall,
  apiProfileSyncVersionsCall,
  apiProfileUpdateCall,
  encodeChunkFrames,
  loginCall,
  subAccountCreateCall,
  type ProfileSettingsInput,
} from '@facet/contracts';
import { chromium as playwright, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientFor, newPerson, signUpByApi } from '../support/accounts.ts';
import { apiTokenFor, startAutomationAgent, type AutomationAgent } from '../support/automation.ts';
import { launchChromium, pageWhere, screenshot, watchErrors } from '../support/browser.ts';
import { signInThroughForm, text } from '../support/fixture.ts';
import { startStack, type Stack } from '../support/processes.ts';
import { startStatefulSite, type StatefulSite } from '../support/statefulSite.ts';

/**
 * Two machines' worth of agents (separate data folders, one account) against one server: what a
 * profile gathered on the first — site storage, a cookie, history, a bookmark, a saved password,
 * two open tabs — is there when it opens on the second, and while one machine has it open the
 * other is told where it runs instead of opening it too.
 */
let stack: Stack;
let site: StatefulSite;
let laptop: AutomationAgent;
let desktop: AutomationAgent;
let serverApi: ApiClient;
let person: { email: string; username: string; password: string };
let token: string;

beforeAll(async () => {
  [stack, site] = await Promise.all([startStack(), startStatefulSite()]);
  person = await signUpByApi(stack);
  token = apiTokenFor(stack, person.email);
  serverApi = new ApiClient({ baseUrl: stack.serverUrl, signKey: '', credentials: memoryCredentialStore(null), getLanguage: () => 0, apiToken: token });
  [laptop, desktop] = await Promise.all([startAutomationAgent(stack, token, { FACET_DEVICE_NAME: 'Laptop' }), startAutomationAgent(stack, token, { FACET_DEVICE_NAME: 'Desktop' })]);
});

afterAll(async () => {
  await laptop?.stop();
  await desktop?.stop();
  await stack?.stop();
  await site?.close();
});

/** A profile that syncs every part, its start page the site (port-scan protection off: the site is on loopback). */
async function syncingProfile(name: string, on: AutomationAgent = laptop, api: ApiClient = serverApi): Promise<string> {
  const { body } = await on.call('/api/v1/profile/create', {
    body: { name, os: 'windows', startPage: `${site.url}/`, fingerprint: { portScanProtection: { enabled: false } } },
  });
  expect(body, JSON.stringify(body)).toMatchObject({ code: 0 });
  const id = body.data.id as string;
  const { profile } = await api.call(apiProfileDetailCall, { id });
  const everything = { cookies: true, tabs: true, bookmarks: true, history: true, passwords: true, extensions: true };
  await api.call(apiProfileUpdateCall, { id, settings: { ...(profile as unknown as ProfileSettingsInput), sync: everything } });
  return id;
}

async function open(agent: AutomationAgent, id: string): Promise<{ browser: Browser; context: BrowserContext }> {
  const { body } = await agent.call(`/api/v1/browser/start?profile_id=${id}`);
  expect(body.code, JSON.stringify(body)).toBe(0);
  const browser = await playwright.connectOverCDP(body.data.ws.puppeteer);
  return { browser, context: browser.contexts()[0]! };
}

/** Closes the profile on a machine and waits until its state is saved and its lease given back. */
async function closeAndSave(agent: AutomationAgent, browser: Browser, id: string, versionsBefore: number, api: ApiClient = serverApi): Promise<void> {
  await browser.close().catch(() => {});
  expect((await agent.call(`/api/v1/browser/stop?profile_id=${id}`)).body.code).toBe(0);
  await expect.poll(async () => (await api.call(apiProfileSyncVersionsCall, { id })).list.length, { timeout: 60_000 }).toBe(versionsBefore + 1);
  await expect.poll(async () => (await api.call(apiProfileListCall, { ids: [id] })).list[0]?.runningOn ?? null, { timeout: 30_000 }).toBeNull();
}

describe('a profile used on two machines', () => {
  it('opens on the second machine with everything the first one gathered, and on one machine at a time', async () => {
    const id = await syncingProfile('Travelling shop');

    // The first machine: a site writes its storage and a cookie, a second tab opens (history), and
    // the person bookmarks the shop and saves its password, as they would through the browser's own pages.
    const first = await open(laptop, id);
    const shop = await pageWhere(first.context, (url) => url.startsWith(site.url));
    await shop.evaluate(async () => {
      document.cookie = 'cart=3-items; max-age=86400; path=/';
      localStorage.setItem('basket', 'socks,shoes');
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('shop', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('orders');
        request.onsuccess = () => {
          const tx = request.result.transaction('orders', 'readwrite');
          tx.objectStore('orders').put({ total: 42 }, 'last');
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
        request.onerror = () => reject(request.error);
      });
    });
    const cart = await first.context.newPage();
    await cart.goto(`${site.url}/cart`);
    const bookmarks = await first.context.newPage();
    await bookmarks.goto('chrome://bookmarks');
    await bookmarks.evaluate((url) => chrome.bookmarks.create({ parentId: '1', title: 'Synced shop', url }), `${site.url}/`);
    await bookmarks.goto('chrome://password-manager/passwords');
    await bookmarks.evaluate((url) => chrome.passwordsPrivate.addPassword({ url, username: 'shopper', password: 'correct horse', note: '', useAccountStore: false }), `${site.url}/login`);
    await bookmarks.close();

    // While the laptop has it open, the desktop is told where it runs, and the team's list says so.
    const refused = await desktop.call(`/api/v1/browser/start?profile_id=${id}`);
    expect(refused.body).toMatchObject({ code: -1, msg: 'openElsewhere', data: { reason: 'openElsewhere', elsewhere: { device: 'Laptop' } } });
    expect((await serverApi.call(apiProfileListCall, { ids: [id] })).list[0]?.runningOn).toMatchObject({ device: 'Laptop' });

    await closeAndSave(laptop, first.browser, id, 0);

    // The second machine: everything is there, in the tabs it had open.
    const second = await open(desktop, id);
    const shopAgain = await pageWhere(second.context, (url) => url === `${site.url}/`);
    await pageWhere(second.context, (url) => url === `${site.url}/cart`);
    expect(
      await shopAgain.evaluate(async () => ({
        cookie: document.cookie,
        basket: localStorage.getItem('basket'),
        order: await new Promise((resolve) => {
          const request = indexedDB.open('shop', 1);
          request.onsuccess = () => {
            const get = request.result.transaction('orders').objectStore('orders').get('last');
            get.onsuccess = () => resolve(get.result);
          };
        }),
      })),
    ).toEqual({ cookie: 'cart=3-items', basket: 'socks,shoes', order: { total: 42 } });
    const look = await second.context.newPage();
    await look.goto('chrome://history');
    await expect.poll(() => look.getByText('Sync cart').count()).toBeGreaterThan(0);
    await look.goto('chrome://bookmarks');
    await expect.poll(() => look.getByText('Synced shop').count()).toBeGreaterThan(0);
    await look.goto('chrome://password-manager/passwords');
    expect(await look.evaluate(async () => (await chrome.passwordsPrivate.getSavedPasswordList()).map((p) => p.username))).toEqual(['shopper']);
    await look.close();

    // And now the laptop is the one told to wait.
    const waiting = await laptop.call(`/api/v1/browser/start?profile_id=${id}`);
    expect(waiting.body).toMatchObject({ msg: 'openElsewhere', data: { elsewhere: { device: 'Desktop' } } });
    await closeAndSave(desktop, second.browser, id, 1);
    const versions = (await serverApi.call(apiProfileSyncVersionsCall, { id })).list;
    expect(versions.map((v) => [v.number, v.device, v.conflictWith])).toEqual([
      [2, 'Desktop', null],
      [1, 'Laptop', null],
    ]);
  });
});

describe('a shared profile in a team on two machines', () => {
  it('shows the sub-account where the main account has it open, then opens it there with the main account\'s state', async () => {
    // The main account on its office computer (an agent with its API token); the sub-account on its
    // home computer, in the desktop client.
    const main = await signUpByApi(stack, newPerson('main'));
    const mainToken = apiTokenFor(stack, main.email);
    const mainApi = new ApiClient({ baseUrl: stack.serverUrl, signKey: '', credentials: memoryCredentialStore(null), getLanguage: () => 0, apiToken: mainToken });
    const office = await startAutomationAgent(stack, mainToken, { FACET_DEVICE_NAME: 'Office PC' });
    const home = await startAutomationAgent(stack, '', { FACET_DEVICE_NAME: 'Home desk' });
    const browser = await launchChromium();
    try {
      const signedIn = await apiClientFor(stack);
      signedIn.adopt(await signedIn.call(loginCall, { account: main.email, passwd: main.password, isKeep: 0 }));
      const sub = { username: newPerson('sub').username, password: 'sub password 456' };
      await signedIn.call(subAccountCreateCall, { username: sub.username, password: sub.password });
      const id = await syncingProfile('Team shop', office, mainApi);
      await mainApi.call(apiProfileShareCall, { mode: 'accounts', ids: [id], accounts: [sub.username], permission: 'run' });

      const first = await open(office, id);
      const shop = await pageWhere(first.context, (url) => url.startsWith(site.url));
      await shop.evaluate(() => localStorage.setItem('handover', 'from the office'));

      // The sub-account sees where it runs, and cannot open it meanwhile.
      const member = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
      const errors = watchErrors(member);
      await signInThroughForm(member, home.consoleUrl, sub.username, sub.password);
      await member.waitForURL('**/wel/**');
      await member.locator('[data-testid="mode-badge"][data-bridge="connected"]').waitFor();
      await member.getByTestId('menu-share').click();
      const elsewhere = member.getByTestId(`profile-running-elsewhere-${id}`);
      await elsewhere.waitFor();
      expect(await elsewhere.getAttribute('data-device')).toBe('Office PC');
      expect(await member.getByTestId(`profile-launch-${id}`).getAttribute('data-blocked')).toBe('1');
      await screenshot(member, 'sync-running-elsewhere');

      // Closed in the office: the home computer may open it, and finds the office's state.
      await closeAndSave(office, first.browser, id, 0, mainApi);
      await elsewhere.waitFor({ state: 'detached', timeout: 45_000 });
      await member.getByTestId(`profile-launch-${id}`).click();
      await member.getByTestId(`profile-running-${id}`).waitFor({ timeout: 60_000 });
      const { body } = await home.call(`/api/v1/browser/active?profile_id=${id}`);
      const attached = await playwright.connectOverCDP(body.data.ws.puppeteer);
      const tab = await pageWhere(attached.contexts()[0]!, (url) => url.startsWith(site.url));
      expect(await tab.evaluate(() => localStorage.getItem('handover'))).toBe('from the office');
      await tab.evaluate(() => localStorage.setItem('handover', 'back from home'));
      await attached.close();

      // The office is told where it runs now; closed at home, the state went back with who saved it.
      expect((await office.call(`/api/v1/browser/start?profile_id=${id}`)).body).toMatchObject({ msg: 'openElsewhere', data: { elsewhere: { device: 'Home desk', by: sub.username } } });
      await member.getByTestId(`profile-launch-${id}`).click();
      await member.getByTestId(`profile-running-${id}`).waitFor({ state: 'detached', timeout: 30_000 });
      await expect.poll(async () => (await mainApi.call(apiProfileSyncVersionsCall, { id })).list.map((v) => [v.number, v.device, v.by]), { timeout: 60_000 }).toEqual([
        [2, 'Home desk', sub.username],
        [1, 'Office PC', main.username],
      ]);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await office.stop();
      await home.stop();
    }
  });
});

describe('a saved version no machine can use', () => {
  it('is passed over at the next start for the good one before it, and the owner is told which and who saved it', async () => {
    const id = await syncingProfile('Shop with a bad save');
    const first = await open(laptop, id);
    const shop = await pageWhere(first.context, (url) => url.startsWith(site.url));
    await shop.evaluate(() => localStorage.setItem('basket', 'the good one'));
    await closeAndSave(laptop, first.browser, id, 0);
    const [good] = (await serverApi.call(apiProfileSyncVersionsCall, { id })).list;

    // Another computer of the account saves garbage on top: a manifest that opens with no key.
    const elsewhere = randomBytes(32).toString('base64url');
    await serverApi.call(apiProfileLaunchCall, { id, deviceKey: elsewhere, deviceName: 'Odd laptop' });
    const garbage = { id: randomBytes(32).toString('hex'), bytes: randomBytes(900) };
    const put = await fetch(`${stack.serverUrl}${SYNC_CHUNKS_PREFIX}${id}/chunks`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'x-facet-device-key': elsewhere },
      body: encodeChunkFrames([garbage]),
    });
    expect(put.status).toBe(200);
    const { version: bad } = await serverApi.call(apiProfileSyncCommitCall, { id, deviceKey: elsewhere, baseVersionId: good!.id, manifestChunk: garbage.id, chunks: [garbage.id], files: 0, parts: ['site'], plainBytes: 0 });
    await serverApi.call(apiProfileLeaseReleaseCall, { id, deviceKey: elsewhere });

    // The owner has the console open in a browser.
    const browser = await launchChromium();
    try {
      const owner = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
      await signInThroughForm(owner, stack.serverUrl, person.email, person.password);
      await owner.waitForURL('**/wel/**');
      // The shell is up (it hears the server's notices), not only the address.
      await owner.getByTestId('mode-badge').waitFor();

      // The next start opens, with the good version's state; the owner is told at once.
      const again = await open(laptop, id);
      const shopAgain = await pageWhere(again.context, (url) => url.startsWith(site.url));
      expect(await shopAgain.evaluate(() => localStorage.getItem('basket'))).toBe('the good one');
      const notice = owner.getByTestId(`sync-refused-notice-${id}`);
      await notice.waitFor({ timeout: 30_000 });
      expect(await notice.textContent()).toContain(`Version ${bad.number}, saved by ${person.username} on Odd laptop, was refused by Laptop`);
      await owner.getByTestId(`sync-refused-versions-${id}`).click();
      await owner.getByTestId(`sync-version-badge-refused-${bad.number}`).waitFor();
      await owner.getByTestId(`sync-version-refused-${bad.number}`).waitFor();
      expect(await owner.getByTestId(`sync-version-badge-newest-${good!.number}`).textContent()).toBe(text('syncState.versions.newest'));
      await screenshot(owner, 'sync-version-refused');

      const versions = (await serverApi.call(apiProfileSyncVersionsCall, { id })).list;
      expect(versions.map((v) => [v.number, v.head, v.refused?.device ?? null])).toEqual([
        [bad.number, false, 'Laptop'],
        [good!.number, true, null],
      ]);
      // Saved at its stop from the good one: no conflict with the refused one it passed.
      await closeAndSave(laptop, again.browser, id, 2);
      expect((await serverApi.call(apiProfileSyncVersionsCall, { id })).list[0]).toMatchObject({ baseNumber: good!.number, conflictWith: null, head: true });
    } finally {
      await browser.close();
    }
  });
});

declare const chrome: {
  bookmarks: { create(node: { parentId: string; title: string; url: string }): Promise<unknown> };
  passwordsPrivate: {
    addPassword(entry: { url: string; username: string; password: string; note: string; useAccountStore: boolean }): Promise<void>;
    getSavedPasswordList(): Promise<{ username: string }[]>;
  };
};
