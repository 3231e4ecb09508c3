import { ApiClient, memoryCredentialStore } from '@facet/api-client';
import { apiMemberCall, apiTokenViewCall, Code, loginCall, publicConfigSchema, subAccountCreateCall } from '@facet/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClientFor, newPerson, signUpByApi } from '../support/accounts.ts';
import { screenshot, watchErrors } from '../support/browser.ts';
import { pickMenuItem, signInThroughForm, text, useStackAndBrowser } from '../support/fixture.ts';
import { clickWhenStill, watchMotionClasses } from '../support/motion.ts';

const env = useStackAndBrowser();

/** A script's client: no session, only the API token (calls under /v2/api/). */
async function tokenClient(apiToken: string): Promise<ApiClient> {
  const config = publicConfigSchema.parse(await (await fetch(`${env.stack.serverUrl}/config.json`)).json());
  return new ApiClient({ baseUrl: config.apiHost, signKey: config.signKey, credentials: memoryCredentialStore(), getLanguage: () => 0, apiToken });
}

/** Picks View or Reset in the toolbar's menu: its dialog opens with the password field. */
async function pickFromTokenMenu(page: Page, item: 'view' | 'reset'): Promise<void> {
  await pickMenuItem(page.getByTestId('api-token-menu'), page.getByTestId(`api-token-${item}`), page.getByTestId('api-token-password'));
}

async function openDialog(page: Page, item: 'view' | 'reset', password: string): Promise<void> {
  await pickFromTokenMenu(page, item);
  await page.getByTestId('api-token-password').fill(password);
  await clickWhenStill(page.getByTestId('api-token-submit'));
}

async function closeDialog(page: Page): Promise<void> {
  await clickWhenStill(page.getByTestId('api-token-close'));
  await page.getByTestId('api-token-close').waitFor({ state: 'detached' });
}

/** Resets the token through the dialog and reads the token it shows once. */
async function resetToken(page: Page, password: string): Promise<{ token: string; example: string }> {
  await openDialog(page, 'reset', password);
  await page.getByTestId('api-token-shown-once').getByText(text('apiToken.shownOnce')).waitFor();
  const token = await page.getByTestId('api-token-value').inputValue();
  const example = (await page.getByTestId('api-token-example').textContent()) ?? '';
  return { token, example };
}

describe('the API token menu, in the browser version', () => {
  it('views and resets the token behind the password; a reset token works once shown and the old one stops', async () => {
    const main = await signUpByApi(env.stack, newPerson('token'));
    // This journey keeps antd's motion, as most people see it (the other journeys' browser asks
    // for less motion, support/browser.ts): each click on a fresh dialog waits for it to stand still.
    const context = await env.browser.newContext({ reducedMotion: 'no-preference' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughForm(page, env.stack.serverUrl, main.email, main.password);
    await page.waitForURL('**/wel/account/package');

    // A wrong password is refused beside the field; the session is not treated as dead.
    const motionSeen = await watchMotionClasses(page);
    await openDialog(page, 'view', 'not my password');
    expect(await motionSeen()).toContain('ant-zoom-appear-active');
    await page.getByTestId('api-token-form').getByText(text('code.wrongPassword')).waitFor();
    await screenshot(page, 'token-view-wrong-password');
    expect(page.url()).toMatch(/\/wel\/account\/package$/);
    await page.getByTestId('api-token-password').fill(main.password);
    await clickWhenStill(page.getByTestId('api-token-submit'));
    await page.getByTestId('api-token-none').getByText(text('apiToken.none')).waitFor();
    await screenshot(page, 'token-view-none');
    await closeDialog(page);

    // Reset warns first, then shows the token once with an example that really works.
    await pickFromTokenMenu(page, 'reset');
    await page.getByTestId('api-token-reset-warning').getByText(text('apiToken.resetWarning')).waitFor();
    await screenshot(page, 'token-reset-warning');
    // The Cancel button, not Escape: a key pressed before the dialog has taken focus reaches no one.
    await clickWhenStill(page.getByTestId('api-token-cancel'));
    await page.getByTestId('api-token-reset-warning').waitFor({ state: 'detached' });
    const first = await resetToken(page, main.password);
    await screenshot(page, 'token-reset-shown');
    expect(first.token.length).toBeGreaterThan(20);
    expect(first.example).toContain(`Authorization: Bearer ${first.token}`);
    const exampleUrl = /(\S+\/v2\/api\/member)$/.exec(first.example)?.[1];
    expect(exampleUrl).toBe(`${new URL(env.stack.serverUrl).origin}/v2/api/member`);
    // What the example's curl sends, sent by hand.
    const answer = await fetch(exampleUrl!, { method: 'POST', headers: { authorization: `Bearer ${first.token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(await answer.json()).toMatchObject({ code: 0, data: { member: { email: main.email, type: 'main' } } });
    await closeDialog(page);

    // View now knows when it was made and that it was used.
    await openDialog(page, 'view', main.password);
    await page.getByTestId('api-token-created').waitFor();
    expect(await page.getByTestId('api-token-created').textContent()).not.toBe('');
    expect(await page.getByTestId('api-token-value').textContent()).toBe(first.token);
    expect(await page.getByTestId('api-token-last-used').textContent()).not.toBe(text('apiToken.neverUsed'));
    await screenshot(page, 'token-view-info');
    await closeDialog(page);

    // A second reset: the old token is refused at once, the new one works.
    const second = await resetToken(page, main.password);
    expect(second.token).not.toBe(first.token);
    await closeDialog(page);
    await expect((await tokenClient(first.token)).call(apiMemberCall, {})).rejects.toMatchObject({ code: Code.API_TOKEN_INVALID });
    expect((await (await tokenClient(second.token)).call(apiMemberCall, {})).member.email).toBe(main.email);

    // Still signed in after all of it.
    await page.reload();
    await page.getByTestId('api-token-menu').waitFor();
    expect(page.url()).toMatch(/\/wel\/account\/package$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens its dialog without motion for a person whose system asks for less', async () => {
    const main = await signUpByApi(env.stack, newPerson('tokstill'));
    const context = await env.browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughForm(page, env.stack.serverUrl, main.email, main.password);
    await page.waitForURL('**/wel/account/package');
    const motionSeen = await watchMotionClasses(page);
    await openDialog(page, 'view', main.password);
    await page.getByTestId('api-token-none').waitFor();
    await closeDialog(page);
    expect(await motionSeen()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is not offered to a sub-account, which the server refuses as well', async () => {
    const main = await signUpByApi(env.stack, newPerson('tokmain'));
    const mainApi = await apiClientFor(env.stack);
    mainApi.adopt(await mainApi.call(loginCall, { account: main.email, passwd: main.password, isKeep: 0 }));
    const sub = { username: newPerson('toksub').username, password: 'sub password 456' };
    await mainApi.call(subAccountCreateCall, { username: sub.username, password: sub.password, nickname: '', platformAccount: '' });
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await signInThroughForm(page, env.stack.serverUrl, sub.username, sub.password);
    await page.waitForURL('**/wel/helper');
    await page.getByTestId('theme-toggle').waitFor();
    expect(await page.getByTestId('api-token-menu').count()).toBe(0);
    await screenshot(page, 'token-sub-no-menu');
    const subApi = await apiClientFor(env.stack);
    subApi.adopt(await subApi.call(loginCall, { account: sub.username, passwd: sub.password, isKeep: 0 }));
    await expect(subApi.call(apiTokenViewCall, { passwd: sub.password })).rejects.toMatchObject({ code: Code.MAIN_ACCOUNT_ONLY });
    await context.close();
  });
});
