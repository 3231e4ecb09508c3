import type { ApiClient } from '@facet/api-client';
import { Code, loginCall, profileCreateCall, profileDetailCall, profileListCall, profileShareCall, sharedListCall } from '@facet/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { apiClientFor, newPerson, signUpByApi } from '../support/accounts.ts';
import { screenshot, watchErrors } from '../support/browser.ts';
import { pickMenuItem, signInThroughForm, text, useStackAndBrowser } from '../support/fixture.ts';

const env = useStackAndBrowser();

const sampleSettings = {
  groupId: '0',
  os: 'windows' as const,
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  resolution: '1920x1080',
  kernelVersion: '156',
};

async function signedInClient(person: { email: string; password: string }): Promise<ApiClient> {
  const client = await apiClientFor(env.stack);
  client.adopt(await client.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 }));
  return client;
}

/** The ids of the rows the browser list shows, top to bottom. */
async function rowIds(page: Page): Promise<string[]> {
  return page.locator('[data-testid^="profile-row-"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.slice('profile-row-'.length)));
}

async function selectRow(page: Page, id: string) {
  await page.getByTestId(`profile-row-${id}`).locator('input[type="checkbox"]').check();
}

/** Types into the list's search box, as a person looking for one profile among many. */
async function searchFor(page: Page, text: string) {
  await page.getByTestId('profile-search').locator('input').fill(text);
  await page.getByTestId('profile-search').locator('input').press('Enter');
}

async function openScreen(page: Page, screen: string) {
  await page.getByTestId(`menu-${screen}`).click();
  await page.getByTestId(`screen-${screen}`).waitFor();
}

describe('profiles in the desktop client', () => {
  it('creates, edits, batch-creates, groups, deletes and restores, shares and transfers', async () => {
    const [owner, friend, buyer] = await Promise.all([signUpByApi(env.stack, newPerson('owner')), signUpByApi(env.stack, newPerson('friend')), signUpByApi(env.stack, newPerson('buyer'))]);
    const ownerApi = await signedInClient(owner);
    const page = await env.browser.newPage();
    const errors = watchErrors(page);
    await signInThroughForm(page, env.stack.agentUrl, owner.email, owner.password);
    await page.getByTestId('screen-browser').waitFor();
    await page.getByTestId('profiles-empty').waitFor();

    // Create: the form arrives with a generated fingerprint; a pasted proxy fills the proxy tab.
    await page.getByTestId('profile-create').click();
    await page.getByTestId('profile-form').waitFor();
    await expect.poll(() => page.getByTestId('profile-user-agent').inputValue(), { timeout: 15_000 }).toMatch(/Chrome\/156\.0\.0\.0/);
    await page.getByTestId('profile-name').fill('Shop DE');
    await page.getByTestId('profile-tab-proxy').click();
    await page.getByTestId('proxy-paste').fill('socks5://alice:s3cret@127.0.0.1:1080');
    await page.getByTestId('proxy-paste-apply').click();
    await expect.poll(() => page.getByTestId('proxy-host').inputValue(), { timeout: 15_000 }).toBe('127.0.0.1');
    expect(await page.getByTestId('proxy-host').isEnabled()).toBe(true);
    // Nothing listens there: "Test proxy" (desktop client) says so before anything is saved.
    await page.getByTestId('proxy-test').click();
    await expect.poll(() => page.getByTestId('proxy-test-result').textContent(), { timeout: 15_000 }).toBe(text('startError.refused'));
    await screenshot(page, 'profile-form-proxy');
    await page.getByTestId('profile-save').click();
    await page.getByTestId('profile-form').waitFor({ state: 'detached' });
    await expect.poll(() => rowIds(page), { timeout: 15_000 }).toHaveLength(1);
    const [created] = await rowIds(page);
    const { profile } = await ownerApi.call(profileDetailCall, { id: created! });
    expect(profile).toMatchObject({ name: 'Shop DE', proxy: { type: 'socks5', host: '127.0.0.1', port: 1080, username: 'alice', password: 's3cret' } });

    // Edit.
    await page.getByTestId(`profile-edit-${created}`).click();
    await expect.poll(() => page.getByTestId('profile-name').inputValue(), { timeout: 15_000 }).toBe('Shop DE');
    await page.getByTestId('profile-name').fill('Shop DE 2');
    await page.getByTestId('profile-save').click();
    await page.getByTestId(`profile-row-${created}`).getByText('Shop DE 2').waitFor();

    // Batch create 50, with progress to the end.
    await page.getByTestId('batch-create').click();
    await page.getByTestId('batch-name').fill('Batch');
    await page.getByTestId('batch-count').fill('50');
    // Two pasted proxies, handed out in turn; the line without a scheme takes the chosen type.
    await page.getByTestId('batch-proxies').fill('127.0.0.1:3128:bob:pw\nsocks5://127.0.0.1:1080');
    await page.getByTestId('batch-submit').click();
    await page.getByTestId('batch-result').waitFor();
    expect(await page.getByTestId('batch-progress').textContent()).toContain('50 / 50');
    await screenshot(page, 'batch-created');
    await page.getByTestId('batch-close').click();
    const afterBatch = await ownerApi.call(profileListCall, { limit: 100 });
    expect(afterBatch.total).toBe(51);
    const batchProxies = afterBatch.list.filter((row) => row.name.startsWith('Batch-')).map((row) => `${row.proxy.type} ${row.proxy.host}:${row.proxy.port}`);
    expect(batchProxies.filter((p) => p === 'http 127.0.0.1:3128')).toHaveLength(25);
    expect(batchProxies.filter((p) => p === 'socks5 127.0.0.1:1080')).toHaveLength(25);

    // A group, and a profile moved into it.
    await openScreen(page, 'browsergroup');
    await page.getByTestId('group-create').click();
    await page.getByTestId('group-name').fill('Team');
    await page.getByTestId('group-save').click();
    await page.getByTestId('group-form').waitFor({ state: 'detached' });
    await openScreen(page, 'browser');
    await searchFor(page, 'Shop DE 2');
    await expect.poll(() => rowIds(page), { timeout: 15_000 }).toEqual([created]);
    await selectRow(page, created!);
    await page.getByTestId('batch-move').click();
    const groupSelect = page.getByTestId('move-group-select');
    await pickMenuItem(groupSelect, page.locator('.ant-select-item-option').filter({ hasText: 'Team' }), groupSelect.getByText('Team', { exact: true }));
    await page.getByTestId('move-group-save').click();
    await expect.poll(async () => (await ownerApi.call(profileDetailCall, { id: created! })).profile.groupName, { timeout: 15_000 }).toBe('Team');

    // Delete to the recycle bin, then restore.
    // A finished batch action clears the selection.
    await page.getByTestId('selection-bar').waitFor({ state: 'detached' });
    await searchFor(page, '');
    await expect.poll(async () => (await rowIds(page)).length, { timeout: 15_000 }).toBe(20);
    const [victim] = (await rowIds(page)).filter((id) => id !== created);
    await selectRow(page, victim!);
    await page.getByTestId('batch-delete').click();
    await page.getByTestId('batch-delete-confirm').click();
    await expect.poll(async () => (await ownerApi.call(profileListCall, {})).total, { timeout: 15_000 }).toBe(50);
    await openScreen(page, 'recycle');
    await page.getByTestId(`recycle-row-${victim}`).locator('input[type="checkbox"]').check();
    await page.getByTestId('recycle-restore').click();
    await expect.poll(async () => (await ownerApi.call(profileListCall, {})).total, { timeout: 15_000 }).toBe(51);

    // Share with a friend, who then finds it under "shared with me".
    await openScreen(page, 'browser');
    await searchFor(page, 'Shop DE 2');
    await expect.poll(() => rowIds(page), { timeout: 15_000 }).toEqual([created]);
    await selectRow(page, created!);
    await page.getByTestId('batch-share').click();
    // Typed into the field itself, not wherever focus is: the dialog takes focus when its opening
    // animation ends, which under load can come after a click in the field. The name must be
    // a tag before Save.
    const accounts = page.getByTestId('share-accounts');
    const tag = accounts.getByTitle(friend.username, { exact: true });
    await vi.waitFor(
      async () => {
        if (await tag.isVisible()) return;
        await accounts.locator('input').fill(friend.username);
        await accounts.locator('input').press('Enter');
        await tag.waitFor({ timeout: 5_000 });
      },
      { timeout: 30_000, interval: 100 },
    );
    await page.getByTestId('share-save').click();
    await page.getByTestId('share-dialog').waitFor({ state: 'detached' });
    const friendPage = await (await env.browser.newContext()).newPage();
    await signInThroughForm(friendPage, env.stack.agentUrl, friend.email, friend.password);
    await friendPage.getByTestId('screen-browser').waitFor();
    await openScreen(friendPage, 'share');
    await friendPage.getByTestId(`shared-row-${created}`).getByText('Shop DE 2').waitFor();
    await screenshot(friendPage, 'shared-with-me');

    // A share naming someone else's profile is refused whole, and nothing changes.
    const friendApi = await signedInClient(friend);
    const buyerApi = await signedInClient(buyer);
    const friendsOwn = (await friendApi.call(profileCreateCall, { settings: { ...sampleSettings, name: 'Friend own' } })).profile.id;
    const foreign = await ownerApi
      .call(profileShareCall, { mode: 'accounts', ids: [victim!, friendsOwn], accounts: [buyer.username] })
      .then(
        () => null,
        (error: { code: number; data: unknown }) => error,
      );
    expect(foreign).toMatchObject({ code: Code.NOT_FOUND, data: { ids: [friendsOwn] } });
    expect((await buyerApi.call(sharedListCall, {})).total).toBe(0);

    // Transfer to the buyer, re-confirmed by password (a wrong one moves nothing): gone from the
    // owner's list and the friend's share.
    await selectRow(page, created!);
    await page.getByTestId('batch-transfer').click();
    await page.getByTestId('transfer-account').fill(buyer.email);
    await page.getByTestId('transfer-password').fill('not the password');
    await page.getByTestId('transfer-save').click();
    await page.getByTestId('transfer-dialog').getByText(text('code.wrongPassword')).waitFor();
    expect((await buyerApi.call(profileListCall, {})).total).toBe(0);
    await page.getByTestId('transfer-password').fill(owner.password);
    await page.getByTestId('transfer-save').click();
    await expect.poll(() => rowIds(page), { timeout: 15_000 }).not.toContain(created);
    expect((await buyerApi.call(profileListCall, {})).list.map((r) => r.id)).toEqual([created]);
    expect((await friendApi.call(sharedListCall, {})).total).toBe(0);
    expect(errors).toEqual([]);
    await friendPage.context().close();
    await page.close();
  });
});
