import type { ApiClient } from '@facet/api-client';
import { Code, loginCall, profileCreateCall, subAccountListCall } from '@facet/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClientFor, newPerson, signUpByApi } from '../support/accounts.ts';
import { screenshot, watchErrors } from '../support/browser.ts';
import { menuKeys, signInThroughForm, text, useStackAndBrowser } from '../support/fixture.ts';

const env = useStackAndBrowser();

async function signedInClient(account: string, password: string): Promise<ApiClient> {
  const client = await apiClientFor(env.stack);
  client.adopt(await client.call(loginCall, { account, passwd: password, isKeep: 0 }));
  return client;
}

/** The ids of the sub-accounts the table shows, top to bottom. */
async function rowIds(page: Page): Promise<string[]> {
  return page.locator('[data-testid^="sub-row-"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.slice('sub-row-'.length)));
}

describe('sub-account management, in the browser version', () => {
  it('adds a sub-account that signs in with a reduced menu, edits it, and deletes it with its profiles', async () => {
    const main = await signUpByApi(env.stack, newPerson('main'));
    const sub = { username: newPerson('sub').username, password: 'sub password 456' };
    const page = await env.browser.newPage();
    const errors = watchErrors(page);
    await signInThroughForm(page, env.stack.serverUrl, main.email, main.password);
    await page.waitForURL('**/wel/account/package');
    await page.getByTestId('menu-sub').click();
    await page.getByTestId('screen-sub').waitFor();
    await page.getByTestId('sub-empty').waitFor();
    await screenshot(page, 'sub-empty');

    // Add: a username too short is refused with its rule's message before anything is sent.
    await page.getByTestId('sub-create').click();
    await page.getByTestId('sub-form').waitFor();
    await page.getByTestId('sub-username').fill('ab');
    await page.getByTestId('sub-nickname').fill('Anna');
    await page.getByTestId('sub-platform-account').fill('Shop DE on the marketplace');
    await page.getByTestId('sub-password').fill(sub.password);
    await page.getByTestId('sub-confirm').fill(sub.password);
    await page.getByTestId('sub-save').click();
    await page.getByText(text('validation.username.length')).waitFor();
    await screenshot(page, 'sub-create-refused');
    await page.getByTestId('sub-username').fill(sub.username);
    await page.getByTestId('sub-save').click();
    await page.getByTestId('sub-form').waitFor({ state: 'detached' });
    await expect.poll(() => rowIds(page), { timeout: 15_000 }).toHaveLength(1);
    const [id] = await rowIds(page);
    const row = page.getByTestId(`sub-row-${id}`);
    await row.getByText(sub.username).waitFor();
    await row.getByText('Shop DE on the marketplace').waitFor();
    await row.getByText(text('subAccounts.never')).waitFor();
    await screenshot(page, 'sub-listed');

    // The sub-account signs in in its own context and sees the reduced menu of spec §2, with the
    // team's hosts beside it (issue 39): where a team member opens profiles remotely in a browser.
    const subContext = await env.browser.newContext();
    const subPage = await subContext.newPage();
    await signInThroughForm(subPage, env.stack.serverUrl, sub.username, sub.password);
    await subPage.waitForURL('**/wel/helper');
    await subPage.getByTestId('menu-helper').waitFor();
    expect(await menuKeys(subPage)).toEqual(['accountList', 'browserManagement', 'helper', 'hosts', 'recycle']);
    await screenshot(subPage, 'sub-signed-in');
    // The server refuses it the list as well, not only the menu.
    const subApi = await signedInClient(sub.username, sub.password);
    await expect(subApi.call(subAccountListCall, {})).rejects.toMatchObject({ code: Code.MAIN_ACCOUNT_ONLY });

    // Edit the nickname; the dialog says a new password would sign the sub-account out.
    await page.reload();
    // The row first, or "never" would be gone only because the list has not come yet.
    await row.getByText(sub.username).waitFor();
    await row.getByText(text('subAccounts.never')).waitFor({ state: 'detached' });
    await page.getByTestId(`sub-edit-${id}`).click();
    await page.getByTestId('sub-password-hint').getByText(text('subAccounts.newPasswordHint')).waitFor();
    await expect.poll(() => page.getByTestId('sub-nickname').inputValue(), { timeout: 15_000 }).toBe('Anna');
    await page.getByTestId('sub-nickname').fill('Anna K.');
    await screenshot(page, 'sub-edit');
    await page.getByTestId('sub-save').click();
    await page.getByTestId('sub-form').waitFor({ state: 'detached' });
    await row.getByText('Anna K.').waitFor();

    // A profile owned by the sub-account goes with it.
    await subApi.call(profileCreateCall, {
      settings: { name: 'Sub shop', groupId: '0', os: 'windows', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36', resolution: '1280x800', kernelVersion: '156' },
    });
    await page.reload();
    await page.getByTestId(`sub-delete-${id}`).click();
    await page.getByTestId('sub-delete-warning').getByText(text('subAccounts.cannotUndo')).waitFor();
    await page.getByTestId('sub-delete-warning').getByText(text('subAccounts.deleteProfiles').replace('{{count}}', '1')).waitFor();
    // A wrong password is refused beside the field, and the sub-account stays.
    await page.getByTestId('sub-delete-password').fill('not my password');
    await page.getByTestId('sub-delete-confirm').click();
    await page.getByTestId('sub-delete-form').getByText(text('code.wrongPassword')).waitFor();
    await screenshot(page, 'sub-delete-wrong-password');
    expect(await rowIds(page)).toEqual([id]);
    await page.getByTestId('sub-delete-password').fill(main.password);
    await page.getByTestId('sub-delete-confirm').click();
    await page.getByTestId('sub-delete-form').waitFor({ state: 'detached' });
    await page.getByTestId('sub-empty').waitFor();
    expect(await rowIds(page)).toEqual([]);
    // Its open console is told at once (887): it lands on the sign-in page, which draws without
    // antd, and the notice comes through antd loaded after it (lib/notices.ts).
    await subPage.waitForURL('**/login');
    await subPage.locator('.ant-notification-notice').getByText(text('code.forcedLogout')).waitFor();
    await screenshot(subPage, 'sub-deleted-notice');

    // The sub-account can no longer sign in.
    await signInThroughForm(subPage, env.stack.serverUrl, sub.username, sub.password);
    await subPage.getByText(text('code.wrongCredentials')).waitFor();
    expect(subPage.url()).toMatch(/\/login$/);
    await expect(signedInClient(sub.username, sub.password)).rejects.toMatchObject({ code: Code.WRONG_CREDENTIALS });
    expect(errors).toEqual([]);
    await subContext.close();
    await page.close();
  });
});
