import { groupCreateCall, languages, loginCall, profileCreateCall, profileShareCall, profileTagCall, tagCreateCall, type ProfileSettingsInput } from '@facet/contracts';
import type { ApiClient } from '@facet/api-client';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientFor, signUpByApi } from '../support/accounts.ts';
import { screenshot, watchErrors } from '../support/browser.ts';
import { misfitsIn, unreadableCuts } from '../support/layoutFit.ts';
import { pickMenuItem, signInThroughForm, text, useStackAndBrowser } from '../support/fixture.ts';

/**
 * The pages people reported cut or pushed off (issue 36): the browser list with its row menu,
 * the profile form, "Shared with me" and the side menu, in each of the ten languages, at the
 * widths of a laptop (1440, 1280), of a desktop client's small window (800) and of a phone (390).
 * One stack, one account and one page for all of it: the language is switched in the page.
 */
const env = useStackAndBrowser();
const widths = [1440, 1280, 800, 390] as const;
const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const settings = (name: string, more: Partial<ProfileSettingsInput> = {}): ProfileSettingsInput => ({ name, groupId: '0', os: 'windows', userAgent: ua, resolution: '1920x1080', kernelVersion: '156', ...more });

async function signedIn(person: { email: string; password: string }): Promise<ApiClient> {
  const api = await apiClientFor(env.stack);
  api.adopt(await api.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 }));
  return api;
}

/** A client-side navigation, as the menu does, at any width (the menu may be folded away). */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The side menu's width at a window's width (ui/useScreenWidth.ts). */
const sideMenuWidth = (width: number) => (width >= 992 ? 248 : width >= 576 ? 64 : 0);

/** A new window width, once the shell has laid itself out for it (the side menu slides). */
async function resize(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page
    .waitForFunction((expected) => Math.round(document.querySelector('[data-testid="side-menu-frame"]')?.getBoundingClientRect().width ?? -1) === expected, sideMenuWidth(width), { timeout: 3_000 })
    .catch(() => undefined); // sideMenuMisfits says what it is instead
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

const closed = (page: Page, selector: string) => page.locator(selector).waitFor({ state: 'hidden', timeout: 5_000 });

describe('what people read fits, in every language and width', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let firstId: string;
  let sharedId: string;

  beforeAll(async () => {
    const person = await signUpByApi(env.stack);
    const sharer = await signUpByApi(env.stack);
    const api = await signedIn(person);
    const { group } = await api.call(groupCreateCall, { name: 'Marketplace stores in Europe and Latin America', icon: 3, sort: 0 });
    const { tag } = await api.call(tagCreateCall, { name: 'Seasonal campaign', color: 'green' });
    firstId = (
      await api.call(profileCreateCall, {
        settings: settings('A profile with a rather long name for its column', {
          groupId: group.id,
          remark: 'Bought in March; the recovery e-mail is on the shared mailbox',
          proxy: { type: 'http', host: 'residential-proxy.example.net', port: 8080 },
        }),
      })
    ).profile.id;
    await api.call(profileTagCall, { ids: [firstId], add: [tag.id] });
    await api.call(profileCreateCall, { settings: settings('Shop two', { os: 'macos' }) });
    await api.call(profileCreateCall, { settings: settings('Ads', { proxy: { type: 'socks5', host: '10.0.0.2', port: 1080 } }) });
    const owner = await signedIn(sharer);
    sharedId = (await owner.call(profileCreateCall, { settings: settings('A shop the team shares with a long name', { remark: 'Ask before changing the password', proxy: { type: 'http', host: 'team-proxy.example.net', port: 3128 } }) })).profile.id;
    await owner.call(profileShareCall, { mode: 'accounts', ids: [sharedId], accounts: [person.username], permission: 'full' });

    context = await env.browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    errors = watchErrors(page);
    await signInThroughForm(page, env.stack.agentUrl, person.email, person.password);
    await page.getByTestId(`profile-row-${firstId}`).waitFor();
  });

  afterAll(async () => {
    expect(errors).toEqual([]);
    await context?.close();
  });

  /** Everything that does not fit in `selector`, each prefixed with where it was seen. */
  async function misfits(where: string, selector: string): Promise<string[]> {
    const { sticking, cut } = await misfitsIn(page, selector);
    return [...sticking, ...(await unreadableCuts(page, cut))].map((problem) => `${where}: ${problem}`);
  }

  /** The side menu and the open page; at laptop widths the list's table needs no sideways scroll. */
  async function pageMisfits(where: string, screen: string, width: number): Promise<string[]> {
    const problems = [...(await misfits(where, '#root')), ...(await sideMenuMisfits(where, width))];
    const name = page.getByTestId(screen).locator('thead th', { hasText: text('profiles.col.name', await page.evaluate(() => document.documentElement.lang)) });
    if ((await name.count()) > 0) {
      const nameWidth = await name.first().evaluate((th) => th.getBoundingClientRect().width);
      if (nameWidth < 150) problems.push(`${where}: the name column is crushed to ${Math.round(nameWidth)} px`);
    }
    const table = page.getByTestId(screen).locator('.ant-table-content');
    if (width >= 1280 && (await table.count()) > 0) {
      const extra = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
      if (extra > 0) problems.push(`${where}: the table needs ${extra} px of sideways scrolling`);
    }
    const pageExtra = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (pageExtra > 0) problems.push(`${where}: the page scrolls sideways by ${pageExtra} px`);
    return problems;
  }

  /**
   * The side menu: expanded beside the page at laptop widths (as the person left it), folded to
   * its icons by itself in a small window, gone beside a phone's page; no label under a group's
   * arrow (Portuguese's "Gerenciamento de navegadores" was).
   */
  async function sideMenuMisfits(where: string, width: number): Promise<string[]> {
    const problems: string[] = [];
    const frame = page.getByTestId('side-menu-frame');
    const frameWidth = await frame.evaluate((el) => el.getBoundingClientRect().width);
    const expected = sideMenuWidth(width);
    if (Math.round(frameWidth) !== expected) problems.push(`${where}: the side menu is ${Math.round(frameWidth)} px wide, not ${expected}`);
    const underArrow = await page.locator('[data-testid="side-menu"] .ant-menu-submenu-title').evaluateAll((titles) =>
      titles.flatMap((title) => {
        const arrow = title.querySelector('.ant-menu-submenu-arrow');
        const label = title.querySelector('.ant-menu-title-content');
        if (!arrow || !label || arrow.getBoundingClientRect().width === 0) return [];
        const range = document.createRange();
        range.selectNodeContents(label);
        const right = Math.max(...Array.from(range.getClientRects()).map((rect) => rect.right));
        return right > arrow.getBoundingClientRect().left ? [`"${label.textContent}" runs under its arrow`] : [];
      }),
    );
    return [...problems, ...underArrow.map((problem) => `${where}: ${problem}`)];
  }

  it.each(languages.map((l) => l.tag))('%s', { timeout: 300_000 }, async (tag) => {
    const problems: string[] = [];
    await resize(page, 1440);
    await go(page, '/wel/browser');
    await pickMenuItem(page.getByTestId('language-picker'), page.getByTestId(`language-${tag}`), async () => (await page.evaluate(() => document.documentElement.lang)) === tag);
    await page.getByText(text('profiles.create', tag), { exact: true }).first().waitFor();

    for (const width of widths) {
      await resize(page, width);
      const where = `${tag} ${width} px`;
      await page.getByTestId(`profile-more-${firstId}`).waitFor();
      problems.push(...(await pageMisfits(`${where} browser list`, 'screen-browser', width)));
      // Antd's own texts are in the language too: "20 / page" is the pagination's.
      if (width >= 800) {
        const perPage = await page.getByTestId('screen-browser').locator('.ant-pagination-options .ant-select').first().textContent();
        if (perPage?.trim() !== `20 ${text('common.perPage', tag)}`.trim()) problems.push(`${where}: the page size reads "${perPage}"`);
      }
      const create = await page.getByTestId('profile-create').boundingBox();
      if (!create || create.x + create.width > width) problems.push(`${where}: "Create profile" is off-screen`);
      await screenshot(page, `fit-${tag}-${width}-list`);

      await page.getByTestId(`profile-more-${firstId}`).click();
      const menu = '.ant-dropdown:not(.ant-dropdown-hidden)';
      await page.getByTestId(`profile-delete-${firstId}`).waitFor();
      problems.push(...(await misfits(`${where} row menu`, menu)));
      if (width === 1440 || width === 390) await screenshot(page, `fit-${tag}-${width}-row-menu`);
      await page.keyboard.press('Escape');
      await closed(page, menu).catch(() => page.mouse.click(2, 2));

      // Below the laptop layout the whole menu opens over the page from the toolbar.
      if (width < 1280) {
        await page.getByTestId('collapse-toggle').click();
        await page.locator('.ant-drawer [data-testid="side-menu"]').waitFor();
        problems.push(...(await misfits(`${where} side menu over the page`, '.ant-drawer-content-wrapper')));
        if (width === 390) await screenshot(page, `fit-${tag}-${width}-menu`);
        await page.keyboard.press('Escape');
        await page.locator('.ant-drawer [data-testid="side-menu"]').waitFor({ state: 'detached' });
      }

      await page.getByTestId('profile-create').click();
      await page.getByTestId('profile-form').waitFor();
      for (const pane of ['basic', 'proxy', 'fingerprint', 'advanced']) {
        await page.getByTestId(`profile-tab-${pane}`).click();
        problems.push(...(await misfits(`${where} profile form, ${pane}`, '.ant-drawer-content-wrapper')));
        if (pane === 'basic' && width !== 1440) await screenshot(page, `fit-${tag}-${width}-form`);
      }
      await page.locator('.ant-drawer-close').click();
      await page.getByTestId('profile-form').waitFor({ state: 'detached' });
    }

    await resize(page, 1440);
    await go(page, '/wel/share');
    await page.getByTestId(`shared-row-${sharedId}`).waitFor();
    for (const width of widths) {
      await resize(page, width);
      const where = `${tag} ${width} px`;
      problems.push(...(await pageMisfits(`${where} shared with me`, 'screen-share', width)));
      await screenshot(page, `fit-${tag}-${width}-shared`);
    }
    expect(problems).toEqual([]);
  });
});
