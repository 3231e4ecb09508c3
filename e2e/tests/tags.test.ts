import { loginCall, profileCreateCall } from '@facet/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClientFor, signUpByApi } from '../support/accounts.ts';
import { screenshot, watchErrors } from '../support/browser.ts';
import { pickMenuItem, signInThroughForm, text, useStackAndBrowser } from '../support/fixture.ts';

const env = useStackAndBrowser();

/** The ids of the rows the list shows, top to bottom. */
const rowIds = (page: Page) => page.locator('[data-testid^="profile-row-"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.slice('profile-row-'.length)));

describe('tags', () => {
  it('are made in the console, put on selected profiles in one step, shown under their names and used to filter', async () => {
    const person = await signUpByApi(env.stack);
    const api = await apiClientFor(env.stack);
    api.adopt(await api.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 }));
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
    const ids: string[] = [];
    for (const name of ['Shop one', 'Shop two', 'Ads']) ids.push((await api.call(profileCreateCall, { settings: { name, groupId: '0', os: 'windows', userAgent: ua, resolution: '1920x1080', kernelVersion: '156' } })).profile.id);

    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughForm(page, env.stack.agentUrl, person.email, person.password);
    await expect.poll(() => rowIds(page), { timeout: 15_000 }).toHaveLength(3);

    // A tag, made in the tag manager; the same name in another case is refused.
    await page.getByTestId('profile-manage-tags').click();
    await page.getByTestId('tag-new-name').fill('VIP');
    await page.getByTestId('tag-create').click();
    await page.getByTestId('tag-row-VIP').waitFor();
    await page.getByTestId('tag-new-name').fill('vip');
    await page.getByTestId('tag-create').click();
    await page.getByText(text('code.tagNameTaken')).waitFor();
    await screenshot(page, 'tags-manager');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // Put on the two shops at once.
    for (const id of ids.slice(0, 2)) await page.getByTestId(`profile-row-${id}`).getByRole('checkbox').check();
    await page.getByTestId('batch-tags').click();
    await pickMenuItem(page.getByTestId('tag-apply-add'), page.locator('.ant-select-dropdown:visible').getByText('VIP', { exact: true }), page.getByTestId('tag-apply-add').getByText('VIP'));
    await page.getByTestId('tag-apply-save').click();
    await page.getByTestId(`profile-tags-${ids[0]}`).getByText('VIP').waitFor();
    expect(await page.getByTestId(`profile-tags-${ids[2]}`).count()).toBe(0);

    // The filter shows the tagged profiles only.
    await pickMenuItem(page.getByTestId('profile-tag-filter'), page.locator('.ant-select-dropdown:visible').getByText('VIP', { exact: true }), async () => (await rowIds(page)).length === 2);
    expect((await rowIds(page)).sort()).toEqual(ids.slice(0, 2).sort());
    await screenshot(page, 'tags-filtered');
    expect(errors).toEqual([]);
    await context.close();
  });
});
