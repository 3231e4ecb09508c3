import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { KeyInput } from 'puppeteer-core';
import { TimeoutError } from 'puppeteer-core';
import { z } from 'zod';
import { centreOf, findElement, onLocator } from '../pages/elements.ts';
import { classifyPageFailure, PageFailure } from '../pages/pageFailure.ts';
import type { PageSession } from '../pages/pageSession.ts';
import { cappedTextResult, failureResult, jsonResult } from '../toolResults.ts';

/**
 * AdsPower's page tools, under their names and parameters: connect to a profile's browser at the
 * endpoint open-browser answered, then act on its current page as a person would (real mouse and
 * key events through DevTools). The endpoint is the agent's masked one, so the page sees no
 * client; nothing here installs a script or a global in the page.
 */
const TEXT_LIMIT = 100_000;
const NAVIGATION_TIMEOUT_MS = 30_000;

const selector = z.string().min(1).max(1_000).describe('A CSS selector, found from get-page-html');

/** ws:// on this machine: the endpoint a start answers. Anything else would make the MCP server a way to reach other hosts. */
const loopbackWs = z
  .string()
  .max(2_048)
  .refine((value) => {
    const url = URL.parse(value);
    return url !== null && (url.protocol === 'ws:' || url.protocol === 'wss:') && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  }, 'a ws:// URL on 127.0.0.1, as open-browser answers it in ws.puppeteer');

const webUrl = z
  .string()
  .max(8_192)
  .refine((value) => {
    const protocol = URL.parse(value)?.protocol;
    return protocol === 'http:' || protocol === 'https:';
  }, 'an http:// or https:// URL');

export interface PageToolOptions {
  /** Whether screenshot may write savePath: yes for the person's own stdio process, no over HTTP. */
  allowFileWrites: boolean;
}

export function registerPageTools(server: McpServer, session: PageSession, options: PageToolOptions): void {
  const tool = <S extends z.ZodRawShape>(name: string, description: string, input: S, run: (args: z.infer<z.ZodObject<S>>) => Promise<CallToolResult>) =>
    server.registerTool(name, { description, inputSchema: input as z.ZodRawShape }, async (args: Record<string, unknown>) => {
      try {
        return await run(args as z.infer<z.ZodObject<S>>);
      } catch (error) {
        const { code, detail } = classifyPageFailure(error);
        return failureResult(code, detail);
      }
    });

  tool(
    'connect-browser-with-ws',
    'Connect the page tools to a profile\'s running browser: wsUrl is ws.puppeteer from open-browser. Give userId (or serialNumber) so a restarted browser is found again.',
    { userId: z.string().min(1).max(64).optional(), serialNumber: z.string().min(1).max(20).optional(), wsUrl: loopbackWs },
    async ({ userId, serialNumber, wsUrl }) => {
      const browser = await session.connect({ endpoint: wsUrl, ...(userId ? { profile_id: userId } : {}), ...(serialNumber ? { profile_no: serialNumber } : {}) });
      const page = await session.page().catch(() => null);
      return jsonResult({ connected: true, pages: (await browser.pages()).map((open) => open.url()), current: page?.url() ?? null });
    },
  );

  tool('open-new-page', 'Open a new tab in the connected browser; the page tools act on it from now on.', {}, async () => {
    const page = await session.openPage();
    return jsonResult({ url: page.url() });
  });

  tool('navigate', 'Load a URL in the current page and wait for it to load.', { url: webUrl }, async ({ url }) => {
    const page = await session.page();
    try {
      const response = await page.goto(url, { waitUntil: 'load', timeout: NAVIGATION_TIMEOUT_MS });
      return jsonResult({ url: page.url(), status: response?.status() ?? null, title: await page.title() });
    } catch (error) {
      if (error instanceof TimeoutError || error instanceof PageFailure) throw error;
      throw new PageFailure('navigation_failed', error instanceof Error ? error.message.slice(0, 300) : String(error));
    }
  });

  tool(
    'screenshot',
    'A PNG of the current page as the profile\'s window shows it (isFullPage: the whole page).',
    { savePath: z.string().max(1_024).optional().describe('Also write the PNG to this absolute path ending in .png (stdio only)'), isFullPage: z.boolean().optional() },
    async ({ savePath, isFullPage }) => {
      if (savePath !== undefined && (!options.allowFileWrites || !path.isAbsolute(savePath) || !savePath.endsWith('.png'))) {
        return failureResult('save_path_not_allowed', options.allowFileWrites ? 'an absolute path ending in .png' : 'the HTTP transport writes no files');
      }
      const page = await session.page();
      const png = await page.screenshot({ type: 'png', fullPage: isFullPage ?? false, encoding: 'binary' });
      if (savePath !== undefined) await writeFile(savePath, png);
      return {
        content: [
          { type: 'image', data: Buffer.from(png).toString('base64'), mimeType: 'image/png' },
          { type: 'text', text: JSON.stringify({ url: page.url(), ...(savePath === undefined ? {} : { saved: savePath }) }) },
        ],
      };
    },
  );

  tool('get-page-visible-text', 'The text of the current page as a person sees it (innerText).', {}, async () => {
    const page = await session.page();
    return cappedTextResult(String(await page.evaluate('document.body ? document.body.innerText : ""')), TEXT_LIMIT);
  });

  tool('get-page-html', 'The HTML of the current page as it is now.', {}, async () => cappedTextResult(await (await session.page()).content(), TEXT_LIMIT));

  tool('click-element', 'Click an element with the mouse (scrolled into view first).', { selector }, async ({ selector }) => {
    await onLocator((await session.page()).mainFrame(), selector, (locator) => locator.click());
    return jsonResult({ clicked: selector });
  });

  tool('fill-input', 'Type text into an input or text area, replacing what it holds.', { selector, text: z.string().max(100_000) }, async ({ selector, text }) => {
    await onLocator((await session.page()).mainFrame(), selector, (locator) => locator.fill(text));
    return jsonResult({ filled: selector });
  });

  tool('select-option', 'Choose an option of a <select> by its value.', { selector, value: z.string().max(10_000) }, async ({ selector, value }) => {
    const element = await findElement((await session.page()).mainFrame(), selector);
    if ((await element.evaluate((node) => node.nodeName)) !== 'SELECT') throw new PageFailure('not_a_select', selector);
    const chosen = await element.select(value);
    if (chosen.length === 0) throw new PageFailure('option_not_found', value);
    return jsonResult({ selected: chosen });
  });

  tool('hover-element', 'Move the mouse over an element.', { selector }, async ({ selector }) => {
    await onLocator((await session.page()).mainFrame(), selector, (locator) => locator.hover());
    return jsonResult({ hovered: selector });
  });

  tool('scroll-element', 'Scroll the page until an element is in view.', { selector }, async ({ selector }) => {
    await (await findElement((await session.page()).mainFrame(), selector)).scrollIntoView();
    return jsonResult({ scrolled: selector });
  });

  tool(
    'press-key',
    'Press a key (e.g. "Enter", "Tab", "ArrowDown", "a"), in an element when a selector is given.',
    { key: z.string().min(1).max(32), selector: selector.optional() },
    async ({ key, selector }) => {
      const page = await session.page();
      if (selector) await (await findElement(page.mainFrame(), selector)).focus();
      await page.keyboard.press(key as KeyInput);
      return jsonResult({ pressed: key });
    },
  );

  tool('evaluate-script', 'Evaluate a JavaScript expression in the current page; answers its value as JSON.', { script: z.string().min(1).max(100_000) }, async ({ script }) => {
    const page = await session.page();
    let value: unknown;
    try {
      value = await page.evaluate(script);
    } catch (error) {
      const { code, detail } = classifyPageFailure(error);
      // What the script itself threw reaches the model as the script's failure, not the page's.
      throw new PageFailure(code === 'page_error' ? 'script_error' : code, detail);
    }
    return cappedTextResult(JSON.stringify(value ?? null), TEXT_LIMIT);
  });

  tool('drag-element', 'Drag an element onto another with the mouse.', { selector, targetSelector: selector }, async ({ selector, targetSelector }) => {
    const page = await session.page();
    const from = await centreOf(await findElement(page.mainFrame(), selector), selector);
    const to = await centreOf(await findElement(page.mainFrame(), targetSelector), targetSelector);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 10 });
    await page.mouse.up();
    return jsonResult({ dragged: selector, onto: targetSelector });
  });

  tool('iframe-click-element', 'Click an element inside an iframe.', { selector, iframeSelector: selector }, async ({ selector, iframeSelector }) => {
    const frame = await (await findElement((await session.page()).mainFrame(), iframeSelector)).contentFrame();
    if (!frame) throw new PageFailure('not_an_iframe', iframeSelector);
    await onLocator(frame, selector, (locator) => locator.click());
    return jsonResult({ clicked: selector, in: iframeSelector });
  });
}
