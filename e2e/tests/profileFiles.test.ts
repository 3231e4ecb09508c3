import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loginCall, profileCreateCall, profileListCall } from '@facet/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClientFor, signUpByApi } from '../support/accounts.ts';
import { screenshot, watchErrors } from '../support/browser.ts';
import { signInThroughForm, text, useStackAndBrowser } from '../support/fixture.ts';

const env = useStackAndBrowser();
const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

async function signedInApi(email: string, password: string) {
  const api = await apiClientFor(env.stack);
  api.adopt(await api.call(loginCall, { account: email, passwd: password, isKeep: 0 }));
  return api;
}

/** Exports the selected profiles in a format; the downloaded file's path. */
async function exportAs(page: Page, format: 'json' | 'excel', dir: string): Promise<string> {
  await page.getByTestId('batch-export').click();
  await page.getByTestId(`export-format-${format}`).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-save').click()]);
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

async function importFile(page: Page, file: string) {
  await page.getByTestId('profile-import').click();
  await page.getByTestId('import-dialog').locator('input[type=file]').setInputFiles(file);
}

describe('profiles to and from files', () => {
  it('exports to JSON and Excel, imports both into another account, and refuses a file with a bad row naming it', async () => {
    const [from, to] = [await signUpByApi(env.stack), await signUpByApi(env.stack)];
    const source = await signedInApi(from.email, from.password);
    for (const name of ['Shop DE', 'Shop FR']) {
      await source.call(profileCreateCall, { settings: { name, groupId: '0', os: 'windows', userAgent: ua, resolution: '1920x1080', kernelVersion: '156', proxy: { type: 'http', host: '10.1.2.3', port: 3128, username: 'u', password: 'p' } } });
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-files-'));

    const context = await env.browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughForm(page, env.stack.agentUrl, from.email, from.password);
    await page.getByTestId('screen-browser').locator('tbody tr.ant-table-row').nth(1).waitFor();
    await page.locator('[data-testid="screen-browser"] thead .ant-checkbox-input').check();
    const json = await exportAs(page, 'json', dir);
    await page.locator('[data-testid="screen-browser"] thead .ant-checkbox-input').check();
    const sheet = await exportAs(page, 'excel', dir);
    const exported = JSON.parse(fs.readFileSync(json, 'utf8')) as { format: string; profiles: { name: string; proxy: { password: string } }[] };
    expect(exported.format).toBe('facet-profiles');
    expect(exported.profiles.map((p) => p.name).sort()).toEqual(['Shop DE', 'Shop FR']);

    // A copy with its second profile nameless: refused whole, the profile named by its place in
    // the file (a JSON file has no rows), nothing created.
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ ...exported, profiles: [exported.profiles[0], { ...exported.profiles[1], name: '' }] }));
    await page.getByTestId('side-menu').waitFor();
    const target = await (await env.browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signInThroughForm(target, env.stack.agentUrl, to.email, to.password);
    await target.getByTestId('profiles-empty').waitFor();
    await importFile(target, bad);
    await target.getByTestId('import-read').waitFor();
    await target.getByTestId('import-save').click();
    await target.getByTestId('import-refused').waitFor();
    expect(await target.getByTestId('import-refused').textContent()).toContain(`${text('profileFiles.badItem').split('{{row}}')[0]}2`);
    await screenshot(target, 'import-refused');
    const destination = await signedInApi(to.email, to.password);
    expect((await destination.call(profileListCall, {})).total).toBe(0);
    await target.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // The good JSON, then the Excel sheet: four profiles, the proxies with their credentials.
    for (const file of [json, sheet]) {
      await importFile(target, file);
      await target.getByTestId('import-read').waitFor();
      await target.getByTestId('import-save').click();
      await target.getByTestId('import-dialog').waitFor({ state: 'detached' });
    }
    const imported = await destination.call(profileListCall, {});
    expect(imported.total).toBe(4);
    expect(imported.list.map((r) => r.name).sort()).toEqual(['Shop DE', 'Shop DE', 'Shop FR', 'Shop FR']);
    expect(imported.list.every((r) => r.proxy.host === '10.1.2.3' && r.proxy.hasCredentials)).toBe(true);
    await screenshot(target, 'imported');
    expect(errors).toEqual([]);
    await context.close();
    await target.context().close();
  });
});
