import { CdpConnection, CdpError } from '../../apps/agent/src/browser/cdp/cdp.ts';
import { killGroup, type SpawnedChromium } from '../../apps/agent/src/browser/launch/spawnChromium.ts';
import { bareChromiumStart } from '../launch.ts';

/**
 * One browsing session on a user-data-dir: Chromium started as the bare start of launch.ts,
 * each page opened in a tab of its own and waited on until its script's `window.filled`
 * settles, then the browser closed as the agent closes it, so it writes what it holds.
 */
export async function browse(chromium: string, userDataDir: string, env: NodeJS.ProcessEnv, startUrl: string, urls: readonly string[]): Promise<void> {
  const { browser } = await bareChromiumStart(chromium, userDataDir, startUrl, env);
  try {
    const cdp = await CdpConnection.open(browser.endpoint);
    try {
      for (const url of urls) await visit(cdp, url);
    } finally {
      cdp.close();
    }
  } finally {
    await closeBrowser(browser);
  }
}

async function visit(cdp: CdpConnection, url: string): Promise<void> {
  const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url });
  const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    // Until the page itself answers: before its navigation commits, about:blank would, and while it commits the context goes.
    const href = await cdp.send<{ result: { value?: string } }>('Runtime.evaluate', { expression: 'location.href', returnByValue: true }, sessionId).then(
      ({ result }) => result.value,
      (error: unknown) => {
        if (error instanceof CdpError && error.kind !== 'closed') return null;
        throw error;
      },
    );
    if (href === url) break;
    if (Date.now() > deadline) throw new Error(`${url} did not load`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const { exceptionDetails } = await cdp.send<{ exceptionDetails?: { text: string; exception?: { description?: string } } }>('Runtime.evaluate', { expression: 'window.filled', awaitPromise: true, returnByValue: true }, sessionId);
  if (exceptionDetails) throw new Error(`${url}: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
}

/** CDP Browser.close, as the agent stops a profile: Chromium flushes its storage and exits by itself. */
export async function closeBrowser(browser: SpawnedChromium): Promise<void> {
  const cdp = await CdpConnection.open(browser.endpoint);
  await cdp.send('Browser.close').catch((error: unknown) => {
    // The answer may not come: the connection closes with the browser.
    if (!(error instanceof CdpError && error.kind === 'closed')) throw error;
  });
  const exited = await Promise.race([browser.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 30_000))]);
  cdp.close();
  if (!exited) {
    killGroup(browser.process, 'SIGKILL');
    await browser.exited;
    throw new Error('Chromium did not exit within 30 s of Browser.close');
  }
}
