import { chromium as playwright, type Browser } from 'playwright-core';
import { loginCall, profileCreateCall, profileDetailCall, subAccountCreateCall } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClientFor, newPerson, signUpByApi } from '../support/accounts.ts';
import { startAutomationAgent, type AutomationAgent } from '../support/automation.ts';
import { launchChromium, pageWhere, screenshot, watchErrors } from '../support/browser.ts';
import { pickMenuItem, signInThroughForm, text } from '../support/fixture.ts';
import { startIdentityPages, type IdentityPages } from '../support/identityPages.ts';
import { startStack, type Stack } from '../support/processes.ts';
import { startTestProxy, type TestProxy } from '../support/testProxy.ts';
import { processesWith } from '../support/xvfb.ts';

/**
 * A team on two machines: the main account's desktop client shares a profile with its
 * sub-account, whose own desktop client (a second agent, its own data folder) opens it from
 * "Shared with me" through the proxy the main account pays for, without ever being handed the
 * proxy's password or the profile's cookies, and keeps the signed-in state for the team.
 */
let stack: Stack;
let browser: Browser;
let pages: IdentityPages;
let proxy: TestProxy;
let subAgent: AutomationAgent;

beforeAll(async () => {
  [pages, proxy, browser] = await Promise.all([startIdentityPages(), startTestProxy('team-user', 'team-proxy-secret'), launchChromium()]);
  stack = await startStack({ FACET_IP_CHECK_URL: `${pages.url}/ip` });
  // No API token: this agent acts as whoever signs in to its console, like the main one.
  subAgent = await startAutomationAgent(stack, '', { FACET_IP_CHECK_URL: `${pages.url}/ip` });
});
afterAll(async () => {
  await subAgent?.stop();
  await browser?.close();
  await stack?.stop();
  await proxy?.close();
  await pages?.close();
});

describe('a shared profile, as a team uses it', () => {
  it('is shared to run only, opened and closed by the recipient on their machine, then given edit rights and revoked', async () => {
    const main = await signUpByApi(stack, newPerson('main'));
    const api = await apiClientFor(stack);
    api.adopt(await api.call(loginCall, { account: main.email, passwd: main.password, isKeep: 0 }));
    const sub = { username: newPerson('sub').username, password: 'sub password 456' };
    await api.call(subAccountCreateCall, { username: sub.username, password: sub.password });
    const pagesHost = new URL(pages.url).host;
    const { profile } = await api.call(profileCreateCall, {
      settings: {
        name: 'Team shop',
        groupId: '0',
        os: 'windows',
        userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
        resolution: '1280x800',
        kernelVersion: '156',
        startPage: `${pages.url}/`,
        proxy: { type: 'http', host: '127.0.0.1', port: proxy.port, username: 'team-user', password: 'team-proxy-secret' },
        cookies: [{ domain: '127.0.0.1', name: 'sid', value: 'owner-session', path: '/', httpOnly: false, secure: false, sameSite: 'lax' }],
        timezone: 'Europe/Berlin',
        language: 'de-DE,de,en',
        // The test pages stand for a site but live on loopback, which port-scan protection guards.
        fingerprint: { portScanProtection: { enabled: false }, timezoneByIp: false, languageByIp: false },
      },
    });

    // The main account shares it from its browser list, run only.
    const owner = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const ownerErrors = watchErrors(owner);
    await signInThroughForm(owner, stack.agentUrl, main.email, main.password);
    await owner.waitForURL('**/wel/**');
    await owner.getByTestId('menu-browser').click();
    await owner.getByTestId(`profile-row-${profile.id}`).getByRole('checkbox').check();
    await owner.getByTestId('batch-share').click();
    // Typed into the field until it is a tag: the dialog takes focus when its opening animation
    // ends, which under load can come after the typing (profiles.test.ts).
    const accounts = owner.getByTestId('share-accounts');
    await vi.waitFor(
      async () => {
        if (await accounts.getByTitle(sub.username, { exact: true }).isVisible()) return;
        await accounts.locator('input').fill(sub.username);
        await accounts.locator('input').press('Enter');
        await accounts.getByTitle(sub.username, { exact: true }).waitFor({ timeout: 5_000 });
      },
      { timeout: 30_000, interval: 100 },
    );
    await owner.getByTestId('share-permission-run').waitFor();
    expect(await owner.getByTestId('share-permission-run').isChecked()).toBe(true);
    await screenshot(owner, 'team-share-dialog');
    await owner.getByTestId('share-save').click();
    await owner.getByTestId('share-dialog').waitFor({ state: 'detached' });
    // Who has it: from the row's "More" menu (the "Shared with" column is one the person may add).
    const openSharing = async () => {
      const more = owner.getByTestId(`profile-more-${profile.id}`);
      await pickMenuItem(more, owner.getByTestId(`profile-manage-sharing-${profile.id}`), owner.getByTestId('share-members'));
    };
    await openSharing();
    await owner.getByTestId(`share-member-${sub.username}`).waitFor();
    expect(await owner.getByTestId(`share-member-${sub.username}`).textContent()).toContain(text('sharing.permission.run'));
    await owner.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await owner.getByTestId('share-members').waitFor({ state: 'detached' });

    // The sub-account, on its own machine, opens it from "Shared with me".
    const member = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    const memberErrors = watchErrors(member);
    const answers: string[] = [];
    member.on('response', (response) => void response.text().then((body) => answers.push(body), () => undefined));
    await signInThroughForm(member, subAgent.consoleUrl, sub.username, sub.password);
    await member.waitForURL('**/wel/**');
    await member.locator('[data-testid="mode-badge"][data-bridge="connected"]').waitFor();
    await member.getByTestId('menu-share').click();
    const row = member.getByTestId(`shared-row-${profile.id}`);
    await row.getByTestId('permission-run').waitFor();
    expect(await member.getByTestId(`shared-edit-${profile.id}`).count()).toBe(0);
    expect(await member.getByTestId(`shared-cookies-${profile.id}`).count()).toBe(0);
    await member.getByTestId(`profile-launch-${profile.id}`).click();
    await member.getByTestId(`profile-running-${profile.id}`).waitFor({ timeout: 30_000 });
    await screenshot(member, 'team-shared-running');

    // Through the main account's proxy, by way of the server's relay (its account never reached this
    // agent: docs/security.md, "What a recipient of a shared profile holds"), with the team's cookies.
    const { body } = await subAgent.call(`/api/v1/browser/active?profile_id=${profile.id}`);
    expect(body.data.status).toBe('Active');
    const attached = await playwright.connectOverCDP(body.data.ws.puppeteer);
    const tab = await pageWhere(attached.contexts()[0]!, (url) => url.startsWith(pages.url));
    expect(proxy.seen).toContain(pagesHost);
    expect(await tab.evaluate(() => document.cookie)).toContain('sid=owner-session');
    await tab.evaluate(() => (document.cookie = 'sid=member-session; path=/'));
    await attached.close();
    // No answer the recipient's console received carried the proxy password or the owner's cookie.
    expect(answers.some((a) => a.includes('team-proxy-secret') || a.includes('owner-session'))).toBe(false);

    await member.getByTestId(`profile-launch-${profile.id}`).click();
    await member.getByTestId(`profile-running-${profile.id}`).waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => processesWith(profile.id), { timeout: 15_000 }).toEqual([]);
    // The team keeps one signed-in state: what the recipient's browser held is the profile's now.
    await expect.poll(async () => (await api.call(profileDetailCall, { id: profile.id })).profile.cookies.map((c) => c.value), { timeout: 15_000 }).toEqual(['member-session']);
    expect((await api.call(profileDetailCall, { id: profile.id })).profile.lastUsedAt).not.toBeNull();

    // The owner sees who has it, and lets them edit.
    await owner.reload();
    await openSharing();
    await owner.getByTestId(`share-member-${sub.username}`).waitFor();
    await screenshot(owner, 'team-members');
    await owner.getByTestId(`share-member-permission-${sub.username}`).click();
    await owner.locator('.ant-select-dropdown:visible').getByText(text('sharing.permission.edit'), { exact: true }).click();
    await owner.getByText(text('sharing.permissionChanged').replace('{{count}}', '1')).waitFor();

    // With edit rights the recipient changes the settings, inside the owner's group.
    await member.reload();
    await member.getByTestId(`shared-edit-${profile.id}`).click();
    await member.getByTestId('profile-owner-group').waitFor();
    await member.getByTestId('profile-name').fill('Team shop (checked)');
    await screenshot(member, 'team-shared-edit');
    await member.getByTestId('profile-save').click();
    await member.getByText('Team shop (checked)').waitFor();
    expect((await api.call(profileDetailCall, { id: profile.id })).profile).toMatchObject({ name: 'Team shop (checked)', groupId: '0', proxy: { password: 'team-proxy-secret' } });

    // Revoked: it leaves the recipient's list.
    await owner.keyboard.press('Escape');
    await owner.reload();
    await openSharing();
    await owner.getByTestId(`share-member-revoke-${sub.username}`).click();
    await owner.getByTestId('share-revoke-confirm').click();
    await owner.getByText(text('sharing.membersEmpty')).waitFor();
    await member.reload();
    await member.getByText(text('sharing.sharedEmpty')).waitFor();
    expect(ownerErrors).toEqual([]);
    expect(memberErrors).toEqual([]);
  });
});
