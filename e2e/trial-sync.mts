// Scratch: a user's trial of issue 38 against `npm start` (not committed).
import fs from 'node:fs';
import http from 'node:http';
import { chromium } from 'playwright-core';
import { openClient, registerAgent } from './support/clientAccess.ts';
import { signInThroughForm } from './support/fixture.ts';

const AGENT = 'http://127.0.0.1:8581';
const API = 'http://127.0.0.1:50425';
const KEY = fs.readFileSync('/tmp/facet-try/agent/local-api-key', 'utf8').trim();
const shots = '/work/tmp/trial';
fs.mkdirSync(shots, { recursive: true });

const seen: string[] = [];
const site = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  if (url.pathname === '/sent') return res.end(`<title>Sent</title><h1 id="thanks">Thanks ${(url.searchParams.get('q') ?? '').replace(/[<>&]/g, '')}</h1>`);
  res.end('<title>Shop form</title><style>body{font:16px sans-serif;margin:40px}</style><h1>Shop</h1><form action="/sent"><input name="q" id="q" style="width:300px"> <button id="send">Send</button></form><p id="log"></p><script>document.addEventListener("click",e=>{document.getElementById("log").textContent+=" click@"+Math.round(performance.now())})</script>');
});
await new Promise<void>((r) => site.listen(8590, '127.0.0.1', () => r()));

async function api(path: string, body?: unknown) {
  const r = await fetch(`${API}${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return (await r.json()) as { code: number; msg: string; data?: any };
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const errors: string[] = [];
page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
registerAgent(AGENT, '/tmp/facet-try/agent');
await openClient(page, AGENT, '/login');
await signInThroughForm(page, AGENT, 'trial', 'Trial-pass-123');
await page.waitForURL(/browser|profiles|\/$/, { timeout: 30_000 }).catch(() => {});
await page.waitForTimeout(3000);

// As a script: three profiles on the form.
const ids: string[] = [];
for (const name of ['Shop A', 'Shop B', 'Shop C']) {
  const made = await api('/api/v2/browser-profile/create', { name, group_id: '0', platform: 'http://127.0.0.1:8590/', user_proxy_config: { proxy_soft: 'no_proxy' }, fingerprint_config: { scan_port_type: '0' } });
  console.log('create', made.code, made.msg);
  ids.push(made.data.profile_id);
}
await page.reload();
await page.waitForTimeout(3000);
await page.screenshot({ path: `${shots}/1-list.png` });
// Select all three and open the synchronizer dialog.
for (const id of ids) {
  const box = page.locator(`[data-row-key="${id}"] .ant-checkbox-input`);
  if (await box.count()) await box.first().check();
}
await page.waitForTimeout(500);
await page.screenshot({ path: `${shots}/2-selected.png` });
await page.getByTestId('synchronizer-open').click();
await page.getByTestId('synchronizer-dialog').waitFor();
await page.waitForTimeout(800);
await page.screenshot({ path: `${shots}/3-dialog-not-running.png` });
await page.getByTestId('synchronizer-open-missing').click();
await page.locator('[data-testid="batch-dialog"][data-finished="1"]').waitFor({ timeout: 60_000 });
await page.screenshot({ path: `${shots}/4-batch.png` });
await page.getByTestId('batch-dialog-close').click();
await page.waitForTimeout(1000);
await page.screenshot({ path: `${shots}/4-dialog-running.png` });
await page.getByTestId(`synchronizer-leader-${ids[0]}`).check({ force: true });
await page.getByTestId('synchronizer-start').click();
await page.getByTestId('synchronizer-panel').waitFor({ timeout: 15_000 });
await page.waitForTimeout(2000);
await page.screenshot({ path: `${shots}/5-panel.png` });

// The person works in the leader's window (here: Playwright over its endpoint).
const attach = async (id: string) => {
  const active = await api(`/api/v1/browser/active?user_id=${id}`);
  const b = await chromium.connectOverCDP(active.data.ws.puppeteer);
  const p = b.contexts()[0]!.pages().find((x) => x.url().includes('8590'))!;
  return { b, p };
};
const leader = await attach(ids[0]!);
await leader.p.click('#q');
await leader.p.keyboard.type('hello team', { delay: 60 });
await leader.p.waitForTimeout(1500);
for (const id of ids.slice(1)) {
  const f = await attach(id);
  console.log('follower', id, await f.p.inputValue('#q'), await f.p.textContent('#log'));
  await f.b.close();
}
console.log('leader log', await leader.p.textContent('#log'));
await leader.p.click('#send');
await leader.p.waitForTimeout(3000);
for (const id of ids.slice(1)) {
  const f = await attach(id).catch(() => null);
  console.log('follower after send', id, f ? f.p.url() : 'n/a');
  await f?.b.close();
}
await page.waitForTimeout(1000);
await page.screenshot({ path: `${shots}/6-panel-after-send.png` });
await page.getByTestId('synchronizer-stop').click();
await page.waitForTimeout(1500);
await page.screenshot({ path: `${shots}/7-stopped.png` });
await leader.b.close();

// Phone layout of the list with the toolbar.
await page.setViewportSize({ width: 390, height: 844 });
await page.waitForTimeout(1000);
await page.screenshot({ path: `${shots}/8-phone.png` });
await page.setViewportSize({ width: 1440, height: 900 });

// Settings: keyless with its warning.
await page.getByTestId('local-settings-open').click();
await page.getByTestId('local-settings-form').waitFor();
await page.getByTestId('local-settings-keyless').click();
await page.waitForTimeout(500);
await page.screenshot({ path: `${shots}/9-keyless.png`, fullPage: true });
await page.getByTestId('local-settings-save').click();
await page.waitForTimeout(1500);
const keyless = await fetch(`http://local.adspower.net:50425/status`).then((r) => r.json()).catch((e) => ({ error: String(e.cause?.code ?? e) }));
console.log('keyless by name', JSON.stringify(keyless));
const keyless2 = await fetch(`http://127.0.0.1:50425/status`).then((r) => r.json());
console.log('keyless by address', JSON.stringify(keyless2));
for (const id of ids) await api('/api/v2/browser-profile/stop', { profile_id: id });
console.log('console errors', errors);
await browser.close();
site.close();
