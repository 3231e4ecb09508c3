import fs from 'node:fs';
import path from 'node:path';
import { loginCall, profileCreateCall, profileDetailCall } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { apiClientFor, signUpByApi } from '../support/accounts.ts';
import { screenshot, watchErrors } from '../support/browser.ts';
import { menuKeys, pickMenuItem, signInThroughForm, text as english, useStackAndBrowser } from '../support/fixture.ts';
import { openClient } from '../support/clientAccess.ts';
import { freePort } from '../support/processes.ts';
import { processesWith } from '../support/xvfb.ts';

const env = useStackAndBrowser();

describe('desktop client (the agent\'s URL)', () => {
  it('signs in, shows the client-mode menu with the bridge connected, and signs out through the bridge', async () => {
    const person = await signUpByApi(env.stack);
    const page = await env.browser.newPage();
    const errors = watchErrors(page);
    await openClient(page, env.stack.agentUrl);
    await page.waitForURL('**/login'); // / → /wel/browser → not signed in → /login
    await signInThroughForm(page, env.stack.agentUrl, person.username, person.password);

    await page.waitForURL('**/wel/browser');
    expect(await page.getByTestId('mode-badge').getAttribute('data-mode')).toBe('client');
    await page.locator('[data-testid="mode-badge"][data-bridge="connected"]').waitFor();
    expect(await menuKeys(page)).toEqual(['accountList', 'application', 'browser', 'browserManagement', 'browsergroup', 'helper', 'hosts', 'operlog', 'package', 'recycle', 'reward', 'setting', 'share', 'sub'].sort());
    expect(await page.getByTestId('banner-download').count()).toBe(0);
    await page.getByTestId('screen-browser').waitFor();
    await screenshot(page, 'client-shell');
    // The toolbar's startup instructions name the buttons as this console shows them.
    await page.getByTestId('startup-guide').click();
    await page.getByTestId('startup-steps').getByText(english('profiles.create'), { exact: false }).waitFor();
    expect(await page.getByTestId('startup-steps').textContent()).not.toContain(english('shell.startup.steps.download.title'));
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('startup-steps').waitFor({ state: 'detached' });

    // The user menu offers identity verification only in the client.
    await page.getByTestId('user-menu').click();
    await page.getByText(english('shell.user.kyc')).waitFor();
    await pickMenuItem(page.getByTestId('user-menu'), page.getByTestId('logout'), page.getByText(english('shell.logout.bodyClient')));
    await page.getByTestId('logout-confirm').click();
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows every side-menu label whole, in each of the ten languages', async () => {
    const person = await signUpByApi(env.stack);
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInThroughForm(page, env.stack.agentUrl, person.username, person.password);
    await page.getByTestId('side-menu').waitFor();
    const cut: string[] = [];
    for (const tag of ['en-US', 'zh-CN', 'ru', 'pt', 'fr', 'es', 'de', 'it', 'ja', 'vi']) {
      await page.evaluate((language) => localStorage.setItem('facet.language', language), tag);
      await page.reload();
      await page.getByTestId('menu-sub').getByText(english('menu.sub', tag)).waitFor();
      // A label that does not fit is wider than its box (it used to end in "…").
      cut.push(...(await page.locator('[data-testid="side-menu"] .ant-menu-title-content').evaluateAll((els, lang) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => `${lang}: ${el.textContent}`), tag)));
      if (tag === 'ru') await screenshot(page, 'client-menu-ru');
    }
    expect(cut).toEqual([]);
    await context.close();
  });

  it('keeps what it stores sealed on this computer, reports its graphics once, and clears it all on "clear history"', async () => {
    const person = await signUpByApi(env.stack);
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const stored = () => page.evaluate(() => Object.entries(localStorage).filter(([key]) => key.startsWith('facet.')));
    // The graphics report goes once per account and computer (each console keeps its own flag).
    const reports: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/webgl/set_data')) reports.push(new URL(page.url()).origin);
    });
    // The browser version keeps the sign-in as it is (the comparison that shows the check can fail).
    await signInThroughForm(page, env.stack.serverUrl, person.username, person.password, true);
    await page.getByTestId('side-menu').waitFor();
    expect(Object.fromEntries(await stored())['facet.credentials']).toContain('"auth"');

    await signInThroughForm(page, env.stack.agentUrl, person.username, person.password, true);
    await page.getByTestId('side-menu').waitFor();
    const sealed = await stored();
    expect(sealed.map(([key]) => key)).toContain('facet.credentials');
    expect(sealed.filter(([, value]) => !value.startsWith('e1.'))).toEqual([]);
    expect(sealed.map(([, value]) => value).join(' ')).not.toContain('auth');
    await expect.poll(() => reports).toEqual([env.stack.serverUrl, env.stack.agentUrl]);
    // Read back after a reload: still signed in, and the report is not sent again.
    await page.reload();
    await page.getByTestId('side-menu').waitFor();
    expect((await stored()).some(([key]) => key.startsWith('facet.graphicsCheck.'))).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(reports).toHaveLength(2);

    await pickMenuItem(page.getByTestId('user-menu'), page.getByTestId('clear-history'), page.getByText(english('shell.clearHistory.bodyClient')));
    await screenshot(page, 'client-clear-history');
    await page.getByTestId('clear-history-confirm').click();
    await page.waitForURL('**/login');
    await page.getByLabel(english('auth.login.account'), { exact: true }).waitFor();
    // Only what any first start writes is there again: the language it detected.
    expect((await stored()).map(([key]) => key)).toEqual(['facet.language']);
    expect(await page.evaluate(() => sessionStorage.getItem('facet.credentials'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the bridge secret to the agent\'s own page', async () => {
    const page = await env.browser.newPage();
    // A page of another origin cannot open the bridge: the agent refuses its Origin.
    await page.goto(`${env.stack.serverUrl}/login`);
    const result = await page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(url);
          ws.onopen = () => resolve('open');
          ws.onerror = () => resolve('refused');
        }),
      `${env.stack.agentUrl.replace('http', 'ws')}/bridge`,
    );
    expect(result).toBe('refused');
    await page.close();
  });
});

describe('opening profiles from the desktop client', () => {
  it('opens a profile as the signed-in user, shows it running with its number, and closes it', async () => {
    const person = await signUpByApi(env.stack);
    const client = await apiClientFor(env.stack);
    client.adopt(await client.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 }));
    const { profile } = await client.call(profileCreateCall, { settings: { name: 'Opened from the list', groupId: '0', os: 'windows', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36', resolution: '1280x800', kernelVersion: '156', startPage: 'about:blank' } });
    const dead = (await client.call(profileCreateCall, { settings: { name: 'Dead proxy', groupId: '0', os: 'windows', userAgent: profile.userAgent, resolution: '1280x800', kernelVersion: '156', proxy: { type: 'http', host: '127.0.0.1', port: await freePort() } } })).profile;

    const page = await env.browser.newPage();
    const errors = watchErrors(page);
    await openClient(page, env.stack.agentUrl);
    await page.waitForURL('**/login');
    await signInThroughForm(page, env.stack.agentUrl, person.username, person.password);
    await page.locator('[data-testid="mode-badge"][data-bridge="connected"]').waitFor();

    // From the sign-in on, scripts on this machine act as this user through the local API.
    const apiUrl = /local API at (\S+)/.exec(env.stack.agent.output())![1]!;
    const key = fs.readFileSync(path.join(env.stack.dataDir, 'agent/local-api-key'), 'utf8').trim();
    const listed = async () => (await (await fetch(`${apiUrl}profile/list`, { headers: { authorization: `Bearer ${key}` } })).json()) as { code: number; data?: { list: { id: string }[] } };
    await expect.poll(async () => (await listed()).data?.list.map((p) => p.id).sort()).toEqual([profile.id, dead.id].sort());

    await page.getByTestId(`profile-launch-${profile.id}`).click();
    await page.getByTestId(`profile-running-${profile.id}`).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId(`profile-running-${profile.id}`).textContent()).toBe('#1');
    expect(processesWith(profile.id).length).toBeGreaterThan(0);
    await screenshot(page, 'client-profile-running');

    // A proxy that does not answer: the list says why, and nothing runs for that profile.
    await page.getByTestId(`profile-launch-${dead.id}`).click();
    await page.getByText(english('startError.refused')).waitFor();
    expect(processesWith(dead.id)).toEqual([]);
    await screenshot(page, 'client-start-error');

    await page.getByTestId(`profile-launch-${profile.id}`).click();
    await page.getByTestId(`profile-running-${profile.id}`).waitFor({ state: 'detached', timeout: 30_000 });
    // The tag goes when Chromium's main process exits; the button leaves "launching" when the
    // stop call returns, and Chromium's child processes follow the main one a moment later.
    await expect.poll(() => page.getByTestId(`profile-launch-${profile.id}`).textContent(), { timeout: 15_000 }).toBe(english('profiles.openBrowser'));
    await expect.poll(() => processesWith(profile.id), { timeout: 15_000 }).toEqual([]);

    // Opened without a window: the list says so, and Chromium runs headless.
    // Picked: the arrow goes while the browser launches and runs.
    const more = page.getByTestId(`profile-launch-more-${profile.id}`);
    await pickMenuItem(more, page.getByTestId(`profile-launch-headless-${profile.id}`), async () => (await more.count()) === 0);
    await page.locator(`[data-testid="profile-running-${profile.id}"][data-headless="1"]`).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId(`profile-running-${profile.id}`).textContent()).toBe('#1');
    await page.getByTestId(`profile-running-${profile.id}`).getByLabel(english('profiles.headlessTag')).waitFor();
    expect(processesWith(profile.id).some((command) => command.includes('--headless'))).toBe(true);
    await screenshot(page, 'client-profile-headless');
    await page.getByTestId(`profile-launch-${profile.id}`).click();
    await page.getByTestId(`profile-running-${profile.id}`).waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => processesWith(profile.id), { timeout: 15_000 }).toEqual([]);
    // The server recorded the opening.
    expect((await client.call(profileDetailCall, { id: profile.id })).profile.lastUsedAt).not.toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });
});
