import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Each agent a test started (its origin) and the data folder that holds its owner secret. */
const agentFolders = new Map<string, string>();

export function registerAgent(agentUrl: string, agentDataDir: string): void {
  agentFolders.set(new URL(agentUrl).origin, agentDataDir);
}

/** A launch link from the agent, asked as its owner would (apps/agent/src/api/askLaunchLink.ts). */
export async function launchLink(agentUrl: string, pagePath = '/'): Promise<string> {
  const origin = new URL(agentUrl).origin;
  const folder = agentFolders.get(origin);
  if (!folder) throw new Error(`no agent registered at ${origin}`);
  const secret = fs.readFileSync(path.join(folder, 'owner-secret'), 'utf8').trim();
  const response = await fetch(`${origin}/launch?path=${encodeURIComponent(pagePath)}`, { method: 'POST', headers: { authorization: `Bearer ${secret}` } });
  if (!response.ok) throw new Error(`the agent refused a launch link: ${response.status}`);
  return ((await response.json()) as { url: string }).url;
}

/**
 * Opens the desktop client's console at `pagePath` as its app window does: through a launch
 * link, which admits this browser context (a cookie) for the rest of the test.
 */
export async function openClient(page: Page, agentUrl: string, pagePath = '/'): Promise<void> {
  await page.goto(await launchLink(agentUrl, pagePath));
}

/** Before visiting an agent's page: admits the context once if it is not yet (no-op for a server URL). */
export async function admitToClient(page: Page, url: string): Promise<void> {
  const origin = new URL(url).origin;
  if (!agentFolders.has(origin)) return;
  const port = new URL(url).port;
  const cookies = await page.context().cookies(origin);
  if (cookies.some((cookie) => cookie.name === `facet_console_${port}`)) return;
  await openClient(page, origin, '/login');
}
