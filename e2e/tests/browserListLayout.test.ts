import { loginCall, profileCreateCall } from '@facet/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClientFor, signUpByApi } from '../support/accounts.ts';
import { screenshot, watchErrors } from '../support/browser.ts';
import { signInThroughForm, useStackAndBrowser } from '../support/fixture.ts';

const env = useStackAndBrowser();

/** How far the list's table is wider than its box (0: no sideways scrolling). */
const overflow = (page: Page) => page.locator('[data-testid="screen-browser"] .ant-table-content').evaluate((el) => el.scrollWidth - el.clientWidth);

/** The column titles, left to right. */
const titles = (page: Page) => page.locator('[data-testid="screen-browser"] thead th').evaluateAll((ths) => ths.map((th) => th.textContent?.trim() ?? '').filter(Boolean));

describe('the browser list\'s columns', () => {
  it('fit a 1280-pixel screen by default; the person chooses, orders and sizes them, kept after a reload', async () => {
    const person = await signUpByApi(env.stack);
    const api = await apiClientFor(env.stack);
    api.adopt(await api.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 }));
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
    await api.call(profileCreateCall, { settings: { name: 'A profile with a rather long name for its column', groupId: '0', os: 'windows', userAgent: ua, resolution: '1920x1080', kernelVersion: '156', remark: 'Remark', proxy: { type: 'http', host: 'proxy.example.net', port: 8080 } } });

    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughForm(page, env.stack.agentUrl, person.email, person.password);
    await page.getByTestId('screen-browser').locator('tbody tr.ant-table-row').first().waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'browser-list-1280');

    // Hide the group, show "last used" and "shared with", move OS first, widen the name.
    await page.getByTestId('profile-columns').click();
    await page.getByTestId('columns-visible-group').click();
    await page.getByTestId('columns-visible-lastUsedAt').click();
    await page.getByTestId('columns-visible-members').click();
    for (let i = 0; i < 4; i++) await page.getByTestId('columns-up-os').click();
    await page.locator('input[data-testid="columns-width-name"], [data-testid="columns-width-name"] input').fill('260');
    await page.getByTestId('columns-save').click();
    const chosen = await titles(page);
    await page.reload();
    await page.getByTestId('screen-browser').locator('tbody tr.ant-table-row').first().waitFor();
    expect(await titles(page)).toEqual(chosen);
    expect(chosen.slice(0, 3)).toEqual(['Browser', 'OS', 'No.']);
    expect(chosen).not.toContain('Group');
    expect(chosen).toEqual(expect.arrayContaining(['Last used', 'Shared with']));
    const nameWidth = await page.locator('[data-testid="screen-browser"] thead th', { hasText: 'Name' }).evaluate((th) => th.getBoundingClientRect().width);
    expect(Math.round(nameWidth)).toBe(260);

    // Every column on, on a wide screen: the fixed actions column covers none of the others.
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.getByTestId('profile-columns').click();
    for (const key of ['group', 'remark']) await page.getByTestId(`columns-visible-${key}`).click();
    await page.getByTestId('columns-save').click();
    const edges = await page.locator('[data-testid="screen-browser"] thead th').evaluateAll((ths) => ths.map((th) => [th.textContent?.trim(), th.getBoundingClientRect().left, th.getBoundingClientRect().right] as const));
    const actions = edges.find(([title]) => title === 'Actions')!;
    const shared = edges.find(([title]) => title === 'Shared with')!;
    expect(shared[2]).toBeLessThanOrEqual(actions[1] + 1);
    await screenshot(page, 'browser-list-1920-all-columns');
    expect(errors).toEqual([]);
    await context.close();
  });
});
