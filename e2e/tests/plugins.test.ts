import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ApiClient } from '@facet/api-client';
import { PLUGIN_UPLOAD_PATH, loginCall, pluginAssignCall, pluginUnassignCall, type PluginUploadResponse } from '@facet/contracts';
import { blackGreyscalePng, writeZip } from '@facet/plugin-package/testing';
import { chromium as playwright } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientFor, signUpByApi } from '../support/accounts.ts';
import { apiTokenFor, startAutomationAgent, type AutomationAgent } from '../support/automation.ts';
import { pageWhere } from '../support/browser.ts';
import { startStack, type Stack } from '../support/processes.ts';

let stack: Stack;
let agent: AutomationAgent;
let client: ApiClient;
let site: http.Server;
let siteUrl: string;

/** A real MV3 extension written for the test: its content script marks every page it runs in. */
function markingExtension(mark: string): Buffer {
  const manifest = { manifest_version: 3, name: `Marker ${mark}`, version: '1.0.0', content_scripts: [{ matches: ['<all_urls>'], js: ['mark.js'], run_at: 'document_end' }] };
  const script = `document.documentElement.setAttribute('data-facet-mark', ${JSON.stringify(mark)});\n`;
  return writeZip([{ name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest)) }, { name: 'mark.js', data: Buffer.from(script) }]);
}

/** Through the same multipart route the console's upload dialog posts to. */
async function upload(name: string, zip: Buffer): Promise<PluginUploadResponse> {
  const body = new FormData();
  body.append('name', name);
  body.append('icon', new Blob([new Uint8Array(blackGreyscalePng(128, 128))], { type: 'image/png' }), 'icon.png');
  body.append('package', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), `${name}.zip`);
  const response = await fetch(`${stack.serverUrl}${PLUGIN_UPLOAD_PATH}`, { method: 'POST', headers: { authorization: `Bearer ${client.credentials.load()!.auth}` }, body });
  const answer = (await response.json()) as { code: number; msg: string; data: PluginUploadResponse };
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
}

async function createProfile(name: string): Promise<string> {
  const { body } = await agent.call('/api/v1/profile/create', { body: { name, startPage: `${siteUrl}/`, fingerprint: { portScanProtection: { enabled: false } } } });
  expect(body).toMatchObject({ code: 0 });
  return body.data.id as string;
}

/** Starts the profile, waits for its start page to load, and reads the page's mark after the content scripts' time. */
async function markSeen(profileId: string): Promise<string | null> {
  const { body } = await agent.call(`/api/v1/browser/start?profile_id=${profileId}`);
  expect(body.code, JSON.stringify(body)).toBe(0);
  const browser = await playwright.connectOverCDP(body.data.ws.puppeteer);
  try {
    const page = await pageWhere(browser.contexts()[0]!, (url) => url.startsWith(siteUrl));
    await page.waitForFunction(() => document.readyState === 'complete');
    // document_end scripts run before "complete"; a short grace covers a slow extension process.
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-facet-mark'), undefined, { timeout: 3_000 }).catch(() => {});
    return await page.evaluate(() => document.documentElement.getAttribute('data-facet-mark'));
  } finally {
    await browser.close().catch(() => {});
    expect((await agent.call(`/api/v1/browser/stop?profile_id=${profileId}`)).body.code).toBe(0);
  }
}

beforeAll(async () => {
  stack = await startStack();
  site = http.createServer((_, response) => response.end('<!doctype html><title>shop</title><p>A shop'));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const person = await signUpByApi(stack);
  client = await apiClientFor(stack);
  client.adopt(await client.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 }));
  agent = await startAutomationAgent(stack, apiTokenFor(stack, person.email));
}, 120_000);

afterAll(async () => {
  await agent?.stop();
  await stack?.stop();
  site?.close();
});

describe('plugins in launched profiles', () => {
  it('loads an uploaded, assigned extension that marks the page; an unassigned one is gone at the next start', async () => {
    const { plugin, version } = await upload('Marker', markingExtension('from-facet'));
    const withPlugin = await createProfile('With the marker');
    const without = await createProfile('Without');
    await client.call(pluginAssignCall, { id: plugin.id, versionId: version.id, profileIds: [withPlugin] });

    expect(await markSeen(withPlugin)).toBe('from-facet');
    const folder = path.join(agent.dataDir, 'profiles', withPlugin, 'FacetExtensions', plugin.id);
    expect(fs.readFileSync(path.join(folder, 'mark.js'), 'utf8')).toContain('from-facet');
    // The agent keeps the zip by its hash, exactly the bytes the server pinned.
    expect(fs.existsSync(path.join(agent.dataDir, 'plugins', `${version.sha256}.zip`))).toBe(true);
    expect(await markSeen(without)).toBeNull();

    await client.call(pluginUnassignCall, { id: plugin.id, profileIds: [withPlugin] });
    expect(await markSeen(withPlugin)).toBeNull();
    expect(fs.existsSync(folder)).toBe(false);
  }, 120_000);

  it('refuses to start a profile whose plugin was changed on the server after the upload', async () => {
    const { plugin, version } = await upload('Tampered', markingExtension('honest'));
    // Someone with the server's disk swaps the stored bytes for their own valid extension.
    const blob = path.join(stack.dataDir, 'blobs', 'plugins', version.sha256);
    fs.writeFileSync(blob, markingExtension('drainer'));
    const profileId = await createProfile('Victim');
    await client.call(pluginAssignCall, { id: plugin.id, versionId: version.id, profileIds: [profileId] });

    const { body } = await agent.call(`/api/v1/browser/start?profile_id=${profileId}`);
    expect(body).toMatchObject({ code: -1, msg: 'pluginTampered', data: { reason: 'pluginTampered', pluginId: plugin.id } });
    expect((await agent.call(`/api/v1/browser/active?profile_id=${profileId}`)).body.data.status).toBe('Inactive');
    expect(fs.existsSync(path.join(agent.dataDir, 'plugins', `${version.sha256}.zip`))).toBe(false);
    expect(fs.existsSync(path.join(agent.dataDir, 'profiles', profileId))).toBe(false);
  }, 60_000);
});
