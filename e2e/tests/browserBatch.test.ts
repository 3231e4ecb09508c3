import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import type { WindowBounds } from '@facet/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { screenshot } from '../support/browser.ts';
import { text as english, useStackAndBrowser } from '../support/fixture.ts';
import { motionEnded } from '../support/motion.ts';
import { freePort } from '../support/processes.ts';
import { listAllSelected, personWithProfiles } from '../support/profileList.ts';
import { processesWith } from '../support/xvfb.ts';

const env = useStackAndBrowser();

/** A screenshot once antd's dialogs and bars have finished moving (the running bar's shimmer never does). */
async function settledShot(page: Page, name: string): Promise<void> {
  await motionEnded(page);
  await screenshot(page, name);
}

/** One CDP round trip after another on a browser's WebSocket (the local API's `ws.puppeteer`). */
async function cdpSession(endpoint: string) {
  const socket = new WebSocket(endpoint);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let id = 0;
  const send = <T>(method: string, params: Record<string, unknown> = {}) =>
    new Promise<T>((resolve, reject) => {
      const mine = ++id;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as { id?: number; result?: T; error?: { message: string } };
        if (message.id !== mine) return;
        socket.off('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result!);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id: mine, method, params }));
    });
  return { send, close: () => socket.close() };
}

/** Where the profile's window is, read back through its browser's DevTools, and the screen it is on. */
async function windowOf(endpoint: string): Promise<{ bounds: WindowBounds & { windowState: string }; screen: WindowBounds }> {
  const cdp = await cdpSession(endpoint);
  try {
    const { targetInfos } = await cdp.send<{ targetInfos: { targetId: string; type: string }[] }>('Target.getTargets');
    const tab = targetInfos.find((t) => t.type === 'page')!;
    const { bounds } = await cdp.send<{ bounds: WindowBounds & { windowState: string } }>('Browser.getWindowForTarget', { targetId: tab.targetId });
    const { screenInfos } = await cdp.send<{ screenInfos: { availLeft: number; availTop: number; availWidth: number; availHeight: number; isPrimary: boolean }[] }>('Emulation.getScreenInfos');
    const primary = screenInfos.find((s) => s.isPrimary)!;
    return { bounds, screen: { left: primary.availLeft, top: primary.availTop, width: primary.availWidth, height: primary.availHeight } };
  } finally {
    cdp.close();
  }
}

/** A new person with these profiles, in this order; a proxy port where given. */
const personWithProxies = (profiles: { name: string; proxyPort?: number }[]) =>
  personWithProfiles(env.stack, profiles.map(({ name, proxyPort }) => ({ name, ...(proxyPort ? { proxy: { type: 'http' as const, host: '127.0.0.1', port: proxyPort } } : {}) })));

/** A finished batch's first line: "3 of 4 profiles opened", as the English text words it. */
const summary = (key: 'startDone' | 'stopDone', done: number, total: number) =>
  english(`browserBatch.${key}_${total === 1 ? 'one' : 'other'}`).replace('{{done}}', String(done)).replace('{{count}}', String(total));

describe('opening, arranging and closing many profiles from the desktop client', () => {
  it('opens the selected profiles a few at a time with progress, names the one that cannot start on its row, tiles their windows and closes them all, counting what happened', async () => {
    // The refusing proxy's profile comes last: with three starting at a time, it waits for its turn.
    const { person, ids } = await personWithProxies([{ name: 'Dead proxy', proxyPort: await freePort() }, { name: 'Batch one' }, { name: 'Batch two' }, { name: 'Batch three' }]);
    const [dead, ...good] = ids as [string, ...string[]];
    const all = [...good, dead];
    const { page, errors } = await listAllSelected(env, person, all);

    // Open: three begin while the fourth waits its turn; the dead proxy's start fails, in words.
    await page.getByTestId('batch-open').click();
    await page.getByTestId('batch-dialog').waitFor();
    expect(await page.getByTestId('batch-progress-text').textContent()).toMatch(/^Opening [1-4] of 4$/);
    await settledShot(page, 'client-batch-opening');
    await page.locator('[data-testid="batch-dialog"][data-finished="1"]').waitFor({ timeout: 90_000 });
    // Counted as it happened: three opened, one failed; the bar three quarters green, the rest red.
    expect(await page.getByTestId('batch-progress-text').textContent()).toBe(summary('startDone', 3, 4));
    const bar = page.getByTestId('batch-progress');
    expect([await bar.getAttribute('data-done'), await bar.getAttribute('data-failed'), await bar.getAttribute('data-skipped')]).toEqual(['3', '1', '0']);
    const tracks = await bar.evaluate((el) =>
      Array.from(el.querySelectorAll<HTMLElement>('.ant-progress-track')).map((track) => ({ success: track.classList.contains('ant-progress-track-success'), width: track.style.width, colour: getComputedStyle(track).backgroundColor })),
    );
    const [green, red] = [tracks.find((track) => track.success)!, tracks.find((track) => !track.success)!];
    expect([green.width, red.width]).toEqual(['75%', '100%']);
    expect(green.colour).not.toBe(red.colour);
    for (const id of good) await page.getByTestId(`profile-running-${id}`).waitFor();
    expect(processesWith(dead)).toEqual([]);
    const failure = page.getByTestId(`batch-failure-${dead}`);
    expect(await failure.textContent()).toContain('Dead proxy');
    expect(await failure.textContent()).toContain(english('startError.refused'));
    expect(await page.getByTestId('batch-failed-count').textContent()).toBe(english('browserBatch.failedCount_one').replace('{{count}}', '1'));
    await settledShot(page, 'client-batch-failure');
    await page.getByTestId('batch-dialog-close').click();
    await page.getByTestId('batch-dialog').waitFor({ state: 'detached' });
    // The failure stays on its row once the dialog has gone, with the reason on hover.
    const marker = page.getByTestId(`profile-start-failed-${dead}`);
    expect(await marker.getAttribute('data-reason')).toBe('refused');
    for (const id of good) expect(await page.getByTestId(`profile-start-failed-${id}`).count()).toBe(0);
    await marker.hover();
    expect(await page.getByTestId(`profile-start-failed-detail-${dead}`).textContent()).toContain(english('startError.refused'));
    await settledShot(page, 'client-start-failed-marker');

    // Arrange: a grid on the agent's screen in the order of the numbers, read back through CDP.
    const apiUrl = /local API at (\S+)/.exec(env.stack.agent.output())![1]!;
    const key = fs.readFileSync(path.join(env.stack.dataDir, 'agent/local-api-key'), 'utf8').trim();
    const endpointOf = async (id: string) => {
      const answer = (await (await fetch(`${new URL(apiUrl).origin}/api/v1/browser/active?user_id=${id}`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { ws: { puppeteer: string } } };
      return answer.data.ws.puppeteer;
    };
    const numberOf = async (id: string) => Number((await page.getByTestId(`profile-running-${id}`).textContent())!.slice(1));
    const numbered = (await Promise.all(good.map(async (id) => ({ id, number: await numberOf(id), endpoint: await endpointOf(id) })))).sort((a, b) => a.number - b.number);
    // From the selection, then from the toolbar (every running profile: the same three).
    const arrange = async (columns?: number) => {
      await page.getByTestId(columns ? 'arrange-windows' : 'batch-arrange').click();
      await page.getByTestId('arrange-dialog').waitFor();
      if (columns) await page.getByTestId('arrange-columns').fill(String(columns));
      await settledShot(page, columns ? 'client-arrange-columns' : 'client-arrange-dialog');
      await page.getByTestId('arrange-ok').click();
      await page.getByText(english('arrangeWindows.done').replace('{{count}}', '3')).last().waitFor();
      await page.getByTestId('arrange-dialog').waitFor({ state: 'detached' });
      return Promise.all(numbered.map((b) => windowOf(b.endpoint)));
    };
    const placed = await arrange();
    const screen = placed[0]!.screen;
    // Three 16:10 windows fit largest as two columns and two rows.
    const [w, h] = [Math.floor(screen.width / 2), Math.floor(screen.height / 2)];
    expect(placed.map((x) => x.bounds)).toEqual([
      { left: screen.left, top: screen.top, width: w, height: h, windowState: 'normal' },
      { left: screen.left + w, top: screen.top, width: w, height: h, windowState: 'normal' },
      { left: screen.left, top: screen.top + h, width: w, height: h, windowState: 'normal' },
    ]);
    // Three columns asked for: one row across the whole screen.
    const third = Math.floor(screen.width / 3);
    expect((await arrange(3)).map((x) => x.bounds)).toEqual([0, 1, 2].map((i) => ({ left: screen.left + i * third, top: screen.top, width: third, height: screen.height, windowState: 'normal' })));

    // Still on its row after all that; one more click fails again and keeps it, until dismissed.
    await page.getByTestId(`profile-launch-${dead}`).click();
    await page.locator('.ant-message-notice').getByText(english('startError.refused')).waitFor();
    await expect.poll(() => page.getByTestId(`profile-launch-${dead}`).textContent(), { timeout: 30_000 }).toBe(english('profiles.openBrowser'));
    expect(await marker.getAttribute('data-reason')).toBe('refused');
    await marker.hover();
    await page.getByTestId(`profile-start-failed-dismiss-${dead}`).click();
    await marker.waitFor({ state: 'detached' });

    // Close them all the same way: three closed, and the one that never opened was not running.
    await page.getByTestId('batch-close-browsers').click();
    await page.locator('[data-testid="batch-dialog"][data-action="stop"][data-finished="1"]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('batch-progress-text').textContent()).toBe(summary('stopDone', 3, 4));
    expect(await page.getByTestId('batch-skipped-count').textContent()).toBe(english('browserBatch.notRunningCount_one').replace('{{count}}', '1'));
    expect(await page.getByTestId('batch-failed-count').count()).toBe(0);
    await settledShot(page, 'client-batch-closed');
    for (const id of good) await page.getByTestId(`profile-running-${id}`).waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => all.flatMap((id) => processesWith(id)), { timeout: 15_000 }).toEqual([]);
    await page.getByTestId('batch-dialog-close').click();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('goes on when the console reloads, and cancelling leaves the profiles still waiting unopened', async () => {
    // A proxy that takes the connection and never answers: each start waits for the check's
    // timeout (10 s), so the fourth profile surely still waits when the cancel comes.
    const held = new Set<net.Socket>();
    const silent = net.createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    try {
      const { person, ids } = await personWithProxies([{ name: 'Waits its turn', proxyPort: await freePort() }, ...['Silent one', 'Silent two', 'Silent three'].map((name) => ({ name, proxyPort: silentPort }))]);
      const [last, ...slow] = ids as [string, ...string[]];
      const { page, errors } = await listAllSelected(env, person, [...slow, last]);
      await page.getByTestId('batch-open').click();
      await page.getByTestId('batch-dialog').waitFor();

      // The agent runs the batch: a reloaded console finds it still running.
      await page.reload();
      await page.locator('[data-testid="batch-dialog"][data-finished="0"]').waitFor();
      expect(await page.getByTestId('batch-progress-text').textContent()).toBe('Opening 3 of 4');
      await page.getByTestId('batch-cancel').click();
      await page.getByText(english('browserBatch.cancelling')).waitFor();
      await settledShot(page, 'client-batch-cancelling');
      await page.locator('[data-testid="batch-dialog"][data-finished="1"]').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('batch-progress-text').textContent()).toBe(summary('startDone', 0, 4));
      expect(await page.getByTestId('batch-cancelled-count').textContent()).toBe(english('browserBatch.cancelledCount_one').replace('{{count}}', '1'));
      for (const id of slow) expect(await page.getByTestId(`batch-failure-${id}`).textContent()).toContain(english('startError.timeout'));
      // Each failed row says so too, though the failures came after the reload; the cancelled one does not.
      for (const id of slow) expect(await page.getByTestId(`profile-start-failed-${id}`).getAttribute('data-reason')).toBe('timeout');
      expect(await page.getByTestId(`profile-start-failed-${last}`).count()).toBe(0);
      // Named as the list names them, though the reload lost the selection.
      expect(await page.getByTestId(`batch-failure-${slow[0]}`).textContent()).toContain('Silent one');
      expect(await page.getByTestId(`batch-failure-${last}`).count()).toBe(0);
      await settledShot(page, 'client-batch-cancelled');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
