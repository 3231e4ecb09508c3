import fs from 'node:fs';
import path from 'node:path';
import { chromium as playwright, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageWhere, screenshot } from '../support/browser.ts';
import { text as english, useStackAndBrowser } from '../support/fixture.ts';
import { motionEnded } from '../support/motion.ts';
import { listAllSelected, personWithProfiles } from '../support/profileList.ts';
import { startSyncFormPages, type SyncFormPages } from '../support/syncFormPages.ts';

/**
 * The window synchronizer as a person uses it in the desktop client: three profiles at the
 * loopback form selected in the list, "Synchronize windows", the ones not open yet opened from the
 * dialog, a leader chosen, Start; the panel follows each follower's state while the leader is
 * driven as a person would (Playwright on its DevTools endpoint), a follower that wandered off is
 * re-synced from the panel, another dropped, and Stop leaves no synchronizer behind.
 */
const env = useStackAndBrowser();
let site: SyncFormPages;
beforeAll(async () => {
  site = await startSyncFormPages();
});
afterAll(async () => {
  await site?.close();
});

/** For a reviewer: the dialog and the running panel as the person saw them. */
const REVIEW_DIR = '/work/tmp';

async function settledShot(page: Page, name: string, reviewFile?: string): Promise<void> {
  await motionEnded(page);
  await screenshot(page, name);
  if (reviewFile && fs.existsSync(REVIEW_DIR)) await page.screenshot({ path: path.join(REVIEW_DIR, reviewFile) });
}

describe('the window synchronizer in the desktop client', () => {
  it('opens the selected profiles from its dialog, follows the leader in two followers, re-syncs one that wandered off, drops the other and stops', async () => {
    // The form stands for a remote site but lives on loopback, which port-scan protection guards.
    const atTheForm = { startPage: `${site.url}/form`, fingerprint: { portScanProtection: { enabled: false, whitelist: '' } } };
    const { person, ids } = await personWithProfiles(env.stack, ['Sync leader', 'Sync follower A', 'Sync follower B'].map((name) => ({ name, ...atTheForm })));
    const [leaderId, followerA, followerB] = ids as [string, string, string];

    // The list, every profile selected.
    const { page, errors } = await listAllSelected(env, person, ids);
    // No synchronizer yet: no badge in the toolbar.
    expect(await page.getByTestId('synchronizer-panel-open').count()).toBe(0);

    // The dialog names the three as not open, and Start waits.
    await page.getByTestId('synchronizer-open').click();
    const dialog = page.getByTestId('synchronizer-dialog');
    await dialog.waitFor();
    const notRunning = page.getByTestId('synchronizer-not-running');
    await notRunning.waitFor();
    for (const id of ids) await notRunning.getByTestId(`synchronizer-profile-${id}`).waitFor();
    expect(await page.getByTestId('synchronizer-start').isDisabled()).toBe(true);
    await settledShot(page, 'client-synchronizer-not-running');

    // "Open them": the batch opens the three; once it is done the dialog offers each as leader.
    await page.getByTestId('synchronizer-open-missing').click();
    await page.locator('[data-testid="batch-dialog"][data-finished="1"]').waitFor({ timeout: 90_000 });
    // The batch's dialog shows over the synchronizer's, which waits behind it.
    await settledShot(page, 'client-synchronizer-opened-missing');
    await page.getByTestId('batch-dialog-close').click();
    await page.getByTestId('batch-dialog').waitFor({ state: 'detached' });
    for (const id of ids) await page.getByTestId(`profile-running-${id}`).waitFor({ timeout: 30_000 });
    await dialog.waitFor();
    for (const id of ids) await page.getByTestId(`synchronizer-leader-${id}`).waitFor({ timeout: 30_000 });
    await notRunning.waitFor({ state: 'detached' });

    // The person picks the leader; the other two follow.
    await page.getByTestId(`synchronizer-leader-${leaderId}`).click();
    // (antd puts the test id on the radio's input or on its label, depending on the version.)
    const leaderRadio = page.locator(`input[data-testid="synchronizer-leader-${leaderId}"], [data-testid="synchronizer-leader-${leaderId}"] input`);
    await expect.poll(() => leaderRadio.isChecked()).toBe(true);
    const followersBox = page.getByTestId('synchronizer-followers');
    for (const id of [followerA, followerB]) await followersBox.getByTestId(`synchronizer-profile-${id}`).waitFor();
    expect(await followersBox.getByTestId(`synchronizer-profile-${leaderId}`).count()).toBe(0);
    await settledShot(page, 'client-synchronizer-dialog', 'sync-dialog.png');

    // The pages of the three, each over its own DevTools endpoint from the agent's local API.
    const apiUrl = /local API at (\S+)/.exec(env.stack.agent.output())![1]!;
    const key = fs.readFileSync(path.join(env.stack.dataDir, 'agent/local-api-key'), 'utf8').trim();
    const endpointOf = async (id: string) => {
      const answer = (await (await fetch(`${new URL(apiUrl).origin}/api/v1/browser/active?user_id=${id}`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { ws: { puppeteer: string } } };
      return answer.data.ws.puppeteer;
    };
    const attached: Browser[] = [];
    const formPageOf = async (id: string) => {
      const browser = await playwright.connectOverCDP(await endpointOf(id));
      attached.push(browser);
      const tab = await pageWhere(browser.contexts()[0]!, (url) => url.startsWith(`${site.url}/form`));
      await tab.locator('#go').waitFor();
      return tab;
    };
    const [leader, pageA, pageB] = [await formPageOf(leaderId), await formPageOf(followerA), await formPageOf(followerB)];

    try {
      // Start: the panel shows the leader and both followers in step; the toolbar badge counts them.
      await page.getByTestId('synchronizer-start').click();
      await dialog.waitFor({ state: 'detached' });
      const panel = page.getByTestId('synchronizer-panel');
      await panel.waitFor();
      await page.getByTestId(`synchronizer-leader-row-${leaderId}`).waitFor();
      const follower = (id: string) => page.getByTestId(`synchronizer-follower-${id}`);
      const stateOf = (id: string) => follower(id).getAttribute('data-state');
      for (const id of [followerA, followerB]) await expect.poll(() => stateOf(id)).toBe('inStep');
      expect(await page.getByTestId(`synchronizer-follower-${leaderId}`).count()).toBe(0);
      await settledShot(page, 'client-synchronizer-panel', 'sync-panel.png');

      // The person works in the leader: the field, a few words, the button.
      await leader.bringToFront();
      await leader.click('#name');
      await leader.keyboard.type('hello from the console', { delay: 30 });
      await leader.click('#go');
      for (const tab of [pageA, pageB]) {
        await expect.poll(() => tab.locator('#name').inputValue(), { timeout: 15_000 }).toBe('hello from the console');
        await expect.poll(async () => JSON.parse((await tab.locator('#log').textContent()) || '[]').filter((e: { type: string; target: string }) => e.type === 'click' && e.target === 'go').length).toBe(1);
      }

      // Follower A wanders off: out of step in the panel, then Re-sync brings it back to the leader's page.
      await pageA.goto(`${site.url}/elsewhere`);
      await expect.poll(() => stateOf(followerA), { timeout: 15_000 }).toBe('outOfStep');
      expect(await page.getByTestId(`synchronizer-state-${followerA}`).textContent()).toBe(english('synchronizer.state.outOfStep'));
      await settledShot(page, 'client-synchronizer-out-of-step');
      await page.getByTestId(`synchronizer-resync-${followerA}`).click();
      await expect.poll(() => stateOf(followerA), { timeout: 15_000 }).toBe('inStep');
      await expect.poll(() => pageA.url()).toBe(`${site.url}/form`);

      // Follower B dropped: shown as dropped, with no more buttons; nothing reaches it any more.
      await page.getByTestId(`synchronizer-drop-${followerB}`).click();
      await expect.poll(() => stateOf(followerB)).toBe('dropped');
      expect(await page.getByTestId(`synchronizer-state-${followerB}`).textContent()).toBe(english('synchronizer.state.dropped'));
      expect(await page.getByTestId(`synchronizer-drop-${followerB}`).count()).toBe(0);
      const valueB = await pageB.locator('#name').inputValue();
      await pageA.locator('#go').waitFor();
      await leader.bringToFront();
      await leader.click('#name');
      await leader.keyboard.type('again');
      await expect.poll(() => pageA.locator('#name').inputValue(), { timeout: 15_000 }).toBe('again');
      expect(await pageB.locator('#name').inputValue()).toBe(valueB);
      await settledShot(page, 'client-synchronizer-dropped');

      // The toolbar badge counts the one in step, of those kept (the dropped one no longer counts).
      const badge = page.getByTestId('synchronizer-panel-open');
      expect(await badge.textContent()).toBe(english('synchronizer.badge').replace('{{inStep}}', '1').replace('{{count}}', '1'));

      // Stop: the panel goes, and with it the badge; opened again from nowhere there is nothing to open.
      await page.getByTestId('synchronizer-stop').click();
      await panel.waitFor({ state: 'detached' });
      await badge.waitFor({ state: 'detached' });
      await leader.click('#name');
      await leader.keyboard.type('!');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await pageA.locator('#name').inputValue()).toBe('again');
      // The dialog again: nothing runs any more, so Start is offered at once.
      await page.getByTestId('synchronizer-open').click();
      await dialog.waitFor();
      expect(await page.getByTestId('synchronizer-already-running').count()).toBe(0);
      await expect.poll(() => page.getByTestId('synchronizer-start').isEnabled()).toBe(true);
      await page.getByTestId('synchronizer-cancel').click();
      await dialog.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      for (const browser of attached) await browser.close().catch(() => undefined);
    }

    // Close the three the way they were opened.
    await page.locator('.ant-table-thead input[type="checkbox"]').check();
    await page.getByTestId('batch-close-browsers').click();
    await page.locator('[data-testid="batch-dialog"][data-action="stop"][data-finished="1"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('batch-dialog-close').click();
    for (const id of ids) await page.getByTestId(`profile-running-${id}`).waitFor({ state: 'detached', timeout: 30_000 });
    await page.close();
  });
});
