import { loginCall, profileCreateCall, type ProfileSettingsInput } from '@facet/contracts';
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { apiClientFor, signUpByApi } from './accounts.ts';
import { watchErrors } from './browser.ts';
import { openClient } from './clientAccess.ts';
import { signInThroughForm, text as english } from './fixture.ts';
import type { Stack } from './processes.ts';

/**
 * A new person with profiles made in this order (the list, newest first, shows the first made
 * last, and "select all" names it last): a Windows Chrome 156 at about:blank unless a profile's
 * own settings say otherwise.
 */
export async function personWithProfiles(stack: Stack, profiles: ({ name: string } & Partial<ProfileSettingsInput>)[]) {
  const person = await signUpByApi(stack);
  const client = await apiClientFor(stack);
  client.adopt(await client.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 }));
  const ids: string[] = [];
  for (const own of profiles) {
    const settings: ProfileSettingsInput = { groupId: '0', os: 'windows', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36', resolution: '1280x800', kernelVersion: '156', startPage: 'about:blank', ...own };
    ids.push((await client.call(profileCreateCall, { settings })).profile.id);
  }
  return { person, ids };
}

/** The person's browser list in the desktop client, every profile selected; `errors` collects the page's uncaught errors. */
export async function listAllSelected(env: { stack: Stack; browser: Browser }, person: { username: string; password: string }, ids: string[]) {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await openClient(page, env.stack.agentUrl);
  await page.waitForURL('**/login');
  await signInThroughForm(page, env.stack.agentUrl, person.username, person.password);
  await page.locator('[data-testid="mode-badge"][data-bridge="connected"]').waitFor();
  for (const id of ids) await page.getByTestId(`profile-row-${id}`).waitFor();
  await page.locator('.ant-table-thead input[type="checkbox"]').check();
  await expect.poll(() => page.getByTestId('selection-count').textContent()).toBe(english('profiles.selected').replace('{{count}}', String(ids.length)));
  return { page, errors };
}
