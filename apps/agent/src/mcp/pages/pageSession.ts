import type { Browser, Page } from 'puppeteer-core';
import type { LocalApiClient } from '../localApiClient.ts';
import { PageFailure } from './pageFailure.ts';
import type { ProfileBrowsers } from './profileBrowsers.ts';

/** Which profile connect-browser-with-ws named: by id or number when given (so it can be found again after a restart), else by its endpoint alone. */
export interface ProfileTarget {
  profile_id?: string;
  profile_no?: string;
  endpoint: string;
}

/**
 * What one MCP session drives: the profile it connected to last and the page its page tools act
 * on, as AdsPower's tools have it (connect once, then navigate, click, … without naming the
 * profile again). When the browser went away — closed and opened again, so its endpoint's
 * per-start secret changed — the session asks the local API where the profile runs now and
 * connects there, so a model need not notice.
 */
export class PageSession {
  #target: ProfileTarget | null = null;
  #page: Page | null = null;

  constructor(
    private readonly browsers: ProfileBrowsers,
    private readonly api: LocalApiClient,
  ) {}

  async connect(target: ProfileTarget): Promise<Browser> {
    // Connections are shared by every session, by profile: an endpoint named for a profile must be
    // that profile's, or one session could hand the others a connection to something else.
    if (target.profile_id || target.profile_no) {
      const now = await this.#endpointNow(target);
      if (withoutQuery(now) !== withoutQuery(target.endpoint)) throw new PageFailure('connection_failed', "wsUrl is not this profile's endpoint: use ws.puppeteer from its open-browser or get-browser-active");
    }
    const browser = await this.browsers.connect(keyOf(target), target.endpoint);
    this.#target = target;
    this.#page = null;
    return browser;
  }

  async browser(): Promise<Browser> {
    const target = this.#target;
    if (!target) throw new PageFailure('no_browser_connected', 'call connect-browser-with-ws with the ws.puppeteer that open-browser answered');
    const live = await this.browsers.connected(keyOf(target));
    if (live) return live;
    this.#page = null;
    return this.browsers.connect(keyOf(target), await this.#endpointNow(target));
  }

  /** The page the tools act on: the one opened or chosen last, else the newest tab. */
  async page(): Promise<Page> {
    const browser = await this.browser();
    if (this.#page && !this.#page.isClosed() && this.#page.browser() === browser) return this.#page;
    const page = (await browser.pages()).filter((open) => !open.isClosed()).at(-1) ?? (await firstTabOf(browser));
    if (!page) throw new PageFailure('no_page_open', 'call open-new-page');
    this.#page = page;
    return page;
  }

  async openPage(): Promise<Page> {
    const page = await (await this.browser()).newPage();
    this.#page = page;
    return page;
  }

  async #endpointNow(target: ProfileTarget): Promise<string> {
    if (!target.profile_id && !target.profile_no) return target.endpoint;
    const ref = target.profile_id ? { profile_id: target.profile_id } : { profile_no: target.profile_no };
    const answer = await this.api.call('GET', '/api/v2/browser-profile/active', ref);
    if (answer.code !== 0) throw new PageFailure('connection_failed', answer.msg);
    const active = answer.data as { status?: string; ws?: { puppeteer?: string } } | undefined;
    if (active?.status !== 'Active' || !active.ws?.puppeteer) throw new PageFailure('browser_not_running', 'call open-browser, then connect-browser-with-ws');
    this.#target = { ...target, endpoint: active.ws.puppeteer };
    return active.ws.puppeteer;
  }
}

/** How long a browser just opened (or reconnected to) may take to show its first tab. */
const FIRST_TAB_WAIT_MS = 5_000;

/**
 * The first tab of a browser that lists none yet: a start answers while its start page is on
 * its way, and a connection made at once may hear of the tab a moment later.
 */
async function firstTabOf(browser: Browser): Promise<Page | null> {
  const target = await browser.waitForTarget((t) => t.type() === 'page', { timeout: FIRST_TAB_WAIT_MS }).catch(() => null);
  return (await target?.page()) ?? null;
}

/** An endpoint without its query (`?cdp_mask=0` is the client's choice, not another browser). */
function withoutQuery(endpoint: string): string {
  return endpoint.split('?')[0]!;
}

function keyOf(target: ProfileTarget): string {
  return target.profile_id ? `id:${target.profile_id}` : target.profile_no ? `no:${target.profile_no}` : `ws:${target.endpoint}`;
}
