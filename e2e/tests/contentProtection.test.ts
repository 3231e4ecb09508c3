import { describe, expect, it } from 'vitest';
import { signUpByApi } from '../support/accounts.ts';
import type { Page } from 'playwright-core';
import { openClient } from '../support/clientAccess.ts';
import { signInThroughForm, useStackAndBrowser } from '../support/fixture.ts';

const env = useStackAndBrowser();

/** Collects what the page's content policy blocks (a script, an eval, a style, a load): each fires securitypolicyviolation. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('reportViolation', (_source, text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

describe('the browser version under its content policy', () => {
  it('runs whole with no script but its own (no policy violation), and cannot be framed by another page', async () => {
    const person = await signUpByApi(env.stack);
    const page = await (await env.browser.newContext()).newPage();
    const violations = await watchViolations(page);
    const response = await page.goto(`${env.stack.serverUrl}/login`);
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    await signInThroughForm(page, env.stack.serverUrl, person.email, person.password);
    await page.getByTestId('side-menu').waitFor();
    await page.getByTestId('user-menu').click();
    await page.reload();
    await page.getByTestId('side-menu').waitFor();
    expect(violations).toEqual([]);

    // Another page puts the console in a frame: the browser refuses to show it.
    const framer = await (await env.browser.newContext()).newPage();
    await framer.setContent(`<iframe id="console" src="${env.stack.serverUrl}/login" width="800" height="600"></iframe>`);
    const frame = await (await framer.$('#console'))!.contentFrame();
    await expect.poll(() => frame!.url()).not.toBe('about:blank');
    expect(frame!.url()).not.toContain('/login');
    expect(await frame!.locator('text=Facet').count()).toBe(0);
  });

  it('the desktop client runs its bootstrap under a nonce and nothing else inline', async () => {
    const person = await signUpByApi(env.stack);
    const page = await (await env.browser.newContext()).newPage();
    const violations = await watchViolations(page);
    await openClient(page, env.stack.agentUrl, '/login');
    await signInThroughForm(page, env.stack.agentUrl, person.username, person.password);
    await page.getByTestId('side-menu').waitFor();
    await page.reload();
    await page.getByTestId('side-menu').waitFor();
    expect(violations).toEqual([]);
    // A script tag a page could slip in without the nonce does not run.
    const ran = await page.evaluate(async () => {
      const tag = document.createElement('script');
      tag.textContent = 'window.__slipped = true;';
      document.head.append(tag);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (window as unknown as { __slipped?: boolean }).__slipped === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
  });
});
