import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loginCall, profileCreateCall } from '@facet/contracts';
import { blackGreyscalePng, pngDeclaring, writeZip } from '@facet/plugin-package/testing';
import { chromium as playwright, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientFor, signUpByApi } from '../support/accounts.ts';
import { screenshot, watchErrors } from '../support/browser.ts';
import { signInThroughForm, text, useStackAndBrowser } from '../support/fixture.ts';

const env = useStackAndBrowser();
let site: http.Server;
let siteUrl: string;

beforeAll(async () => {
  site = http.createServer((_, response) => response.end('<!doctype html><title>shop</title><p>A shop'));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => site?.close());

/** A real MV3 extension written for the test: its content script marks every page it runs in. */
function markingExtension(): Buffer {
  const manifest = { manifest_version: 3, name: 'Shop marker', version: '2.0.1', content_scripts: [{ matches: ['<all_urls>'], js: ['mark.js'], run_at: 'document_end' }] };
  return writeZip([
    { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest)) },
    { name: 'mark.js', data: Buffer.from("document.documentElement.setAttribute('data-facet-mark', 'from the plugin centre');\n") },
  ]);
}

async function choose(page: Page, picker: string, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  await page.getByTestId(picker).locator('input[type=file]').setInputFiles({ name, mimeType, buffer });
}

/** The page mark in the profile's running browser, read through the endpoint the agent's local API names. */
async function markInRunningProfile(agentOutput: string, profileId: string): Promise<string | null> {
  const [, apiUrl, key] = /local API at (\S+) — key (\S+)/.exec(agentOutput)!;
  const active = (await (await fetch(`${new URL(apiUrl!).origin}/api/v1/browser/active?profile_id=${profileId}`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { ws: { puppeteer: string } } };
  const browser = await playwright.connectOverCDP(active.data.ws.puppeteer);
  try {
    const page = browser.contexts()[0]!.pages().find((p) => p.url().startsWith(siteUrl))!;
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-facet-mark'), undefined, { timeout: 10_000 }).catch(() => {});
    return await page.evaluate(() => document.documentElement.getAttribute('data-facet-mark'));
  } finally {
    // Leaves the browser running: this only drops the test's connection.
    await browser.close().catch(() => {});
  }
}

describe('the plugin centre, in the desktop client', () => {
  it('shows the rules, refuses a .crx and a small icon before sending, uploads an extension that then runs in an opened profile', async () => {
    const person = await signUpByApi(env.stack);
    const client = await apiClientFor(env.stack);
    client.adopt(await client.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 }));
    const { profile } = await client.call(profileCreateCall, {
      settings: { name: 'Shop with plugin', groupId: '0', os: 'windows', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36', resolution: '1280x800', kernelVersion: '156', startPage: `${siteUrl}/`, fingerprint: { portScanProtection: { enabled: false, whitelist: '' } } },
    });

    const page = await env.browser.newPage();
    const errors = watchErrors(page);
    await signInThroughForm(page, env.stack.agentUrl, person.email, person.password);
    await page.locator('[data-testid="mode-badge"][data-bridge="connected"]').waitFor();
    await page.getByTestId('menu-application').click();
    await page.getByTestId('screen-application').waitFor();
    await page.getByTestId('plugin-empty').waitFor();
    expect(await page.getByTestId('plugin-centre').textContent()).toContain(text('plugins.title'));

    // The rules are on the dialog before anything is chosen.
    await page.getByTestId('plugin-upload').click();
    await page.getByTestId('plugin-upload-dialog').waitFor();
    expect(await page.getByTestId('plugin-upload-rules').textContent()).toContain(text('plugins.rules.title'));
    await screenshot(page, 'plugin-upload-rules');

    // A packed extension and a 40×40 icon: each refused on its field with its own message.
    await page.getByTestId('plugin-upload-name').fill('Shop marker');
    await page.getByTestId('plugin-upload-publisher').fill('Facet tests');
    await choose(page, 'plugin-upload-icon', 'icon.png', 'image/png', blackGreyscalePng(40, 40));
    await choose(page, 'plugin-upload-package', 'marker.crx', 'application/x-chrome-extension', Buffer.concat([Buffer.from('Cr24'), Buffer.alloc(64)]));
    await page.getByTestId('plugin-upload-submit').click();
    await page.getByText(text('plugins.check.packageIsCrx')).waitFor();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: /60/ }).first().waitFor();
    await screenshot(page, 'plugin-upload-refused');

    // A pixel flood is caught from its header too: the browser never decodes it.
    await choose(page, 'plugin-upload-icon', 'flood.png', 'image/png', pngDeclaring(16000, 16000));
    await page.getByTestId('plugin-upload-submit').click();
    await page.getByText(text('code.pluginIconPixelFlood')).waitFor();

    await choose(page, 'plugin-upload-icon', 'icon.png', 'image/png', blackGreyscalePng(128, 128));
    await choose(page, 'plugin-upload-package', 'marker.zip', 'application/zip', markingExtension());
    await page.getByTestId('plugin-upload-submit').click();
    await page.getByTestId('plugin-upload-dialog').waitFor({ state: 'detached', timeout: 30_000 });
    const row = page.locator('[data-testid^="plugin-row-"]');
    await row.first().waitFor();
    const pluginId = (await row.first().getAttribute('data-testid'))!.slice('plugin-row-'.length);
    expect(await page.getByTestId(`plugin-latest-${pluginId}`).textContent()).toBe('2.0.1');

    // Switched on for the account's own profiles, with the latest version.
    await page.getByTestId(`plugin-enable-${pluginId}`).click();
    await page.getByTestId('plugin-enable-dialog').waitFor();
    await page.getByTestId('plugin-enable-submit').click();
    await page.getByTestId('plugin-enable-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId(`plugin-enable-${pluginId}`).getAttribute('aria-checked')).toBe('true');
    await page.getByText(text('plugins.enable.done').replace('{{name}}', 'Shop marker')).waitFor();
    await screenshot(page, 'plugin-centre-enabled');

    // Opened from the browser list, the profile's page carries the extension's mark.
    await page.getByTestId('menu-browser').click();
    await page.getByTestId(`profile-launch-${profile.id}`).click();
    await page.getByTestId(`profile-running-${profile.id}`).waitFor({ timeout: 30_000 });
    expect(await markInRunningProfile(env.stack.agent.output(), profile.id)).toBe('from the plugin centre');
    await page.getByTestId(`profile-launch-${profile.id}`).click();
    await page.getByTestId(`profile-running-${profile.id}`).waitFor({ state: 'detached', timeout: 30_000 });
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
