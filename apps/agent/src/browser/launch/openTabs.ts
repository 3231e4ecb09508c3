import type { CdpConnection } from '../cdp/cdp.ts';

/** How often the open tabs are read while the browser runs. */
const POLL_MS = 5_000;

/** Pages that mean nothing on another machine (blank, the browser's own, extensions', error pages). */
function worthReopening(url: string): boolean {
  return url !== '' && url !== 'about:blank' && !/^(chrome|chrome-extension|chrome-error|chrome-untrusted|devtools|about|data|blob|javascript):/i.test(url);
}

/**
 * The URLs of a browser's open tabs, for the profile's `tabs` sync. Read every few seconds and
 * once more at a stop; the last list that had tabs is kept, because a person closing the window
 * closes every tab in the instant before the browser exits, and those tabs are the ones to reopen.
 */
export function watchOpenTabs(connection: CdpConnection) {
  let last: string[] = [];
  const refresh = async () => {
    if (connection.closed) return;
    const { targetInfos } = await connection.send<{ targetInfos: { type: string; url: string }[] }>('Target.getTargets');
    const urls = targetInfos.filter((t) => t.type === 'page' && worthReopening(t.url)).map((t) => t.url);
    if (urls.length > 0) last = urls;
  };
  const timer = setInterval(() => void refresh().catch(() => {}), POLL_MS);
  timer.unref();
  return {
    current: () => [...last],
    refresh,
    stop: () => clearInterval(timer),
  };
}
