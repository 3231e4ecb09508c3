import { chromium as playwright, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageWhere } from '../support/browser.ts';
import { useLaunchHarness } from '../support/launchHarness.ts';
import { startSyncFormPages, type SyncFormPages } from '../support/syncFormPages.ts';

/**
 * The window synchronizer through the local API: a leader and three followers on a loopback
 * form; the leader driven as a person would (Playwright on its ws.puppeteer: clicks, typing, the
 * wheel, a link); the same arrives in every follower as trusted input, each at its own time, and
 * the leader's page sees nothing of it. Real agent, server and headless Chromium on loopback.
 */
const h = useLaunchHarness();
let site: SyncFormPages;
beforeAll(async () => {
  site = await startSyncFormPages();
});
afterAll(async () => {
  await site?.close();
});

interface Recorded {
  type: string;
  target: string;
  trusted: boolean;
  at: number;
  perf: number;
}

const ok = (answer: { body: { code: number; msg: string; data?: any } }) => {
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 0, msg: 'success' });
  return answer.body.data;
};

const status = async () => ok(await h.agent.call('/api/v1/synchronizer/status'));
const stateOf = async (id: string) => (await status()).followers.find((f: { user_id: string }) => f.user_id === id)?.state;
const eventsOf = async (page: Page): Promise<Recorded[]> => JSON.parse((await page.locator('#log').textContent()) || '[]');

/** Starts a profile headless at the form and attaches Playwright to it, through its masked endpoint. */
async function openAtForm(name: string): Promise<{ id: string; browser: Browser; page: Page }> {
  const id = await h.createProfile(name, { startPage: `${site.url}/form` });
  const started = ok(await h.agent.call(`/api/v1/browser/start?user_id=${id}&headless=1`));
  const browser = await playwright.connectOverCDP(started.ws.puppeteer);
  const page = await pageWhere(browser.contexts()[0]!, (url) => url.startsWith(`${site.url}/form`));
  await page.locator('#go').waitFor();
  return { id, browser, page };
}

describe('the window synchronizer', () => {
  it('replays the leader in three followers, each at its own time, and leaves no trace in the leader', async () => {
    const leader = await openAtForm('Leader');
    const followers = [await openAtForm('Follower 1'), await openAtForm('Follower 2'), await openAtForm('Follower 3')];
    const windowNames = () => leader.page.evaluate(() => Object.getOwnPropertyNames(window).sort());
    const namesBefore = await windowNames();

    expect((await h.agent.call('/api/v1/synchronizer/stop', { body: {} })).body.msg).toBe('synchronizer_not_running');
    expect((await h.agent.call('/api/v1/synchronizer/start', { body: { leader_id: leader.id, follower_ids: ['nosuchprofile'] } })).body).toMatchObject({ msg: 'follower_not_running', data: { user_id: 'nosuchprofile' } });
    const started = ok(
      await h.agent.call('/api/v1/synchronizer/start', {
        body: { leader_id: leader.id, follower_ids: followers.map((f) => f.id), options: { min_delay_ms: 20, max_delay_ms: 120, navigation_settle_ms: 600 } },
      }),
    );
    expect(started).toMatchObject({ running: true, leader_id: leader.id, followers: followers.map((f) => ({ user_id: f.id, state: 'inStep' })) });
    expect((await h.agent.call('/api/v1/synchronizer/start', { body: { leader_id: leader.id, follower_ids: [followers[0]!.id] } })).body.msg).toBe('synchronizer_running');

    // The person: a click in the field, a few words, the button, the wheel.
    await leader.page.click('#name');
    await leader.page.keyboard.type('hello sync', { delay: 30 });
    await leader.page.click('#go');
    await leader.page.mouse.wheel(0, 600);

    const all = [leader, ...followers];
    for (const { page } of all) {
      await expect.poll(() => page.locator('#name').inputValue()).toBe('hello sync');
      await expect.poll(async () => (await eventsOf(page)).filter((e) => e.type === 'click' && e.target === 'go').length).toBe(1);
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
    }
    const clickAt = async (page: Page) => (await eventsOf(page)).find((e) => e.type === 'click' && e.target === 'go')!.at;
    const leaderClick = await clickAt(leader.page);
    const followerClicks = await Promise.all(followers.map((f) => clickAt(f.page)));
    for (const { page } of followers) {
      // Input.* makes trusted events, as a person's are.
      expect((await eventsOf(page)).every((e) => e.trusted)).toBe(true);
    }
    // Each follower after the leader, and no two in lockstep: each one's rhythm over the whole
    // gesture (its key presses and its click, from its first key) is its own. One event of two
    // followers may fall on the same millisecond by chance (the CI run met it once, under load);
    // ten and more, each with its own random delay, may not.
    for (const at of followerClicks) expect(at).toBeGreaterThan(leaderClick);
    const rhythms = await Promise.all(
      followers.map(async (f) => {
        const times = (await eventsOf(f.page)).filter((e) => e.type === 'keydown' || (e.type === 'click' && e.target === 'go')).map((e) => e.at);
        return times.map((at) => at - times[0]!);
      }),
    );
    expect(rhythms.every((r) => r.length >= 10)).toBe(true);
    expect(rhythms[0]).not.toEqual(rhythms[1]);
    expect(rhythms[1]).not.toEqual(rhythms[2]);
    expect(rhythms[0]).not.toEqual(rhythms[2]);

    // The leader's page: no new names on its window, and its own stack is only its own code.
    expect(await windowNames()).toEqual(namesBefore);
    const stack = (await leader.page.locator('#log').getAttribute('data-stack'))!;
    for (const line of stack.split('\n').slice(1)) expect(line).toContain(`${site.url}/form`);

    // A link the leader follows takes the followers there through their own replayed click.
    await leader.page.click('#next');
    for (const { page } of all) await expect.poll(() => page.url()).toBe(`${site.url}/next`);
    // An address the leader goes to without a click: the synchronizer sends the followers there.
    await leader.page.goto(`${site.url}/form`);
    for (const { page } of followers) await expect.poll(() => page.url()).toBe(`${site.url}/form`);
    for (const follower of followers) await expect.poll(() => stateOf(follower.id)).toBe('inStep');

    // A follower wandering off is out of step (and left alone), until resync.
    const [first, second, third] = followers as [typeof leader, typeof leader, typeof leader];
    await third.page.goto(`${site.url}/elsewhere`);
    await expect.poll(() => stateOf(third.id)).toBe('outOfStep');
    await leader.page.locator('#go').waitFor();
    await leader.page.click('#name');
    await leader.page.keyboard.type('again');
    await expect.poll(() => first.page.locator('#name').inputValue()).toBe('again');
    expect(third.page.url()).toBe(`${site.url}/elsewhere`);
    ok(await h.agent.call('/api/v1/synchronizer/resync', { body: { user_id: third.id } }));
    await expect.poll(() => stateOf(third.id)).toBe('inStep');
    await expect.poll(() => third.page.url()).toBe(`${site.url}/form`);

    // Dropped: nothing more reaches it; the others go on.
    expect(ok(await h.agent.call('/api/v1/synchronizer/drop', { body: { user_id: second.id } })).followers).toContainEqual(expect.objectContaining({ user_id: second.id, state: 'dropped' }));
    expect((await h.agent.call('/api/v1/synchronizer/drop', { body: { user_id: leader.id } })).body.msg).toBe('not_a_follower');
    const secondValue = await second.page.locator('#name').inputValue();
    await third.page.locator('#go').waitFor();
    await leader.page.click('#name');
    await leader.page.keyboard.type('!');
    await expect.poll(() => first.page.locator('#name').inputValue()).toBe('again!');
    await expect.poll(() => third.page.locator('#name').inputValue()).toBe('!');
    expect(await second.page.locator('#name').inputValue()).toBe(secondValue);

    // A follower whose browser closes is closed; the synchronizer goes on with the rest.
    await first.browser.close();
    ok(await h.agent.call(`/api/v1/browser/stop?user_id=${first.id}`));
    await expect.poll(() => stateOf(first.id)).toBe('closed');
    expect(await stateOf(third.id)).toBe('inStep');
    expect((await h.agent.call('/api/v1/synchronizer/resync', { body: { user_id: first.id } })).body.msg).toBe('follower_unavailable');

    // Stop: nothing more is replayed, and the leader's window is as it was.
    expect(ok(await h.agent.call('/api/v1/synchronizer/stop', { body: {} }))).toEqual({ running: false, leader_id: null, followers: [] });
    await leader.page.keyboard.type('?');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await third.page.locator('#name').inputValue()).toBe('!');
    expect(await windowNames()).toEqual(namesBefore);

    for (const { browser, id } of [leader, second, third]) {
      await browser.close();
      ok(await h.agent.call(`/api/v1/browser/stop?user_id=${id}`));
    }
  });
});
