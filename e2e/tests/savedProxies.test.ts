import { loginCall, profileCreateCall, profileDetailCall } from '@facet/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientFor, signUpByApi } from '../support/accounts.ts';
import { launchChromium, screenshot, watchErrors } from '../support/browser.ts';
import { pickMenuItem, signInThroughForm, text } from '../support/fixture.ts';
import { startIdentityPages, type IdentityPages } from '../support/identityPages.ts';
import { freePort, startStack, type Stack } from '../support/processes.ts';
import { startTestProxy, type TestProxy } from '../support/testProxy.ts';

let stack: Stack;
let browser: Browser;
let pages: IdentityPages;
let proxy: TestProxy;

beforeAll(async () => {
  [pages, proxy, browser] = await Promise.all([startIdentityPages(), startTestProxy('list-user', 'list-pass'), launchChromium()]);
  stack = await startStack({ FACET_IP_CHECK_URL: `${pages.url}/ip` });
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await proxy?.close();
  await pages?.close();
});

describe('the saved proxy list', () => {
  it('adds proxies by paste, tests them all from the client with progress, assigns one to profiles, and an edit reaches them', async () => {
    const person = await signUpByApi(stack);
    const api = await apiClientFor(stack);
    api.adopt(await api.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 }));
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
    const ids: string[] = [];
    for (const name of ['One', 'Two']) ids.push((await api.call(profileCreateCall, { settings: { name, groupId: '0', os: 'windows', userAgent: ua, resolution: '1920x1080', kernelVersion: '156' } })).profile.id);
    const dead = await freePort();

    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const errors = watchErrors(page);
    await signInThroughForm(page, stack.agentUrl, person.email, person.password);
    await page.locator('[data-testid="mode-badge"][data-bridge="connected"]').waitFor();
    await page.getByTestId('profile-proxies').click();

    // A bad line is named before anything is sent.
    await page.getByTestId('proxy-add-lines').fill(`127.0.0.1:${proxy.port}:list-user:list-pass\nnot a proxy`);
    await page.getByTestId('proxy-add').click();
    await page.getByTestId('proxy-add-error').waitFor();
    expect(await page.getByTestId('proxy-add-error').textContent()).toContain(text('proxies.badLine').split('{{line}}')[0] + '2');
    await page.getByTestId('proxy-add-lines').fill(`127.0.0.1:${proxy.port}:list-user:list-pass\n127.0.0.2:${dead}`);
    await page.getByTestId('proxy-add').click();
    await page.getByTestId('proxy-row-127.0.0.2').waitFor();

    await page.getByTestId('proxy-test-all').click();
    await page.getByTestId('proxy-test-progress').waitFor();
    await page.getByTestId('proxy-row-127.0.0.1').getByText('127.0.0.1', { exact: false }).nth(1).waitFor({ timeout: 60_000 });
    await page.getByTestId('proxy-row-127.0.0.2').getByText(text('proxies.failed')).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('proxy-row-127.0.0.1').textContent()).toMatch(/\d+ ms/);
    await screenshot(page, 'proxy-list-tested');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();

    // Both profiles get the working proxy, credentials included.
    for (const id of ids) await page.getByTestId(`profile-row-${id}`).getByRole('checkbox').check();
    await page.getByTestId('batch-proxy').click();
    await pickMenuItem(page.getByTestId('proxy-assign-select'), page.locator('.ant-select-dropdown:visible').getByText(`127.0.0.1:${proxy.port}`, { exact: false }), page.getByTestId('proxy-assign-select').getByText(`127.0.0.1:${proxy.port}`, { exact: false }));
    await page.getByTestId('proxy-assign-save').click();
    await page.getByTestId('proxy-assign-dialog').waitFor({ state: 'detached' });
    for (const id of ids) expect((await api.call(profileDetailCall, { id })).profile.proxy).toMatchObject({ type: 'http', host: '127.0.0.1', port: proxy.port, username: 'list-user', password: 'list-pass' });

    // One change to the saved proxy changes both profiles.
    await page.getByTestId('profile-proxies').click();
    await page.getByTestId('proxy-row-127.0.0.1').locator('[data-testid^="proxy-edit-"]').click();
    await page.getByTestId('proxy-edit-line').fill(`http://list-user:new-pass@127.0.0.1:${proxy.port}`);
    await page.getByTestId('proxy-edit-save').click();
    await page.getByTestId('proxy-edit-dialog').waitFor({ state: 'detached' });
    for (const id of ids) expect((await api.call(profileDetailCall, { id })).profile.proxy.password).toBe('new-pass');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
