import { loginCall, profileCreateCall } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { apiClientFor, signUpByApi } from '../support/accounts.ts';
import { screenshot, watchErrors } from '../support/browser.ts';
import { pickMenuItem, signInThroughForm, text, useStackAndBrowser } from '../support/fixture.ts';
import { processesWith } from '../support/xvfb.ts';

const env = useStackAndBrowser();

describe('the desktop client\'s exit dialog', () => {
  it('keeps browsers running in the background when asked, and on exit closes them and stops the client', async () => {
    const person = await signUpByApi(env.stack);
    const api = await apiClientFor(env.stack);
    api.adopt(await api.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 }));
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
    const { profile } = await api.call(profileCreateCall, { settings: { name: 'Running', groupId: '0', os: 'windows', userAgent: ua, resolution: '1280x800', kernelVersion: '156', startPage: 'about:blank' } });

    const page = await env.browser.newPage();
    const errors = watchErrors(page);
    await signInThroughForm(page, env.stack.agentUrl, person.email, person.password);
    await page.locator('[data-testid="mode-badge"][data-bridge="connected"]').waitFor();
    await page.getByTestId(`profile-launch-${profile.id}`).click();
    await page.getByTestId(`profile-running-${profile.id}`).waitFor({ timeout: 30_000 });

    const openExit = () => pickMenuItem(page.getByTestId('user-menu'), page.getByTestId('exit-open'), page.getByTestId('exit-dialog'));
    await openExit();
    expect(await page.getByTestId('exit-running').textContent()).toContain(text('shell.exit.browsersClose').split('{{count}}')[0]!.trim().slice(0, 20));
    await screenshot(page, 'exit-dialog');
    // In the background: only the window goes; the browser and the client stay.
    // Clicked again only while the dialog still shows: under load a click during the modal's
    // opening animation can be lost, and closing to the background twice is the same as once.
    await expect
      .poll(
        async () => {
          if (await page.getByTestId('exit-dialog').isVisible()) await page.getByTestId('exit-background').click({ timeout: 5_000 }).catch(() => undefined);
          return page.getByTestId('exit-dialog').count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(0);
    expect(env.stack.agent.child.exitCode).toBeNull();
    expect(processesWith(profile.id).length).toBeGreaterThan(0);

    // Exit: the browser closes and the client stops.
    await openExit();
    await page.getByTestId('exit-quit').click();
    await page.getByTestId('exit-gone').waitFor();
    await expect.poll(() => env.stack.agent.child.exitCode, { timeout: 30_000 }).toBe(0);
    await expect.poll(() => processesWith(profile.id), { timeout: 15_000 }).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
