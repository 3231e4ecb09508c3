import puppeteer, { type Browser } from 'puppeteer-core';
import { PageFailure } from './pageFailure.ts';

/**
 * The MCP process's connections to profiles' browsers: one per profile, kept between tool calls
 * and shared by every MCP session of the process, so two sessions driving one profile do not open
 * two DevTools connections. A connection the browser dropped (closed, restarted) is forgotten at
 * once; the next call connects again to the endpoint it is then given.
 *
 * The endpoint is the agent's masked one (`ws.puppeteer` of a start): the page cannot tell a
 * client is attached. `defaultViewport: null` keeps Puppeteer from resizing the page, which would
 * replace the profile's screen with Puppeteer's 800×600.
 */
export class ProfileBrowsers {
  readonly #connections = new Map<string, { endpoint: string; browser: Promise<Browser> }>();

  /** The live connection to `profile`, if there is one. */
  async connected(profile: string): Promise<Browser | null> {
    const held = this.#connections.get(profile);
    if (!held) return null;
    const browser = await held.browser.catch(() => null);
    return browser?.connected ? browser : null;
  }

  /** Connects to `profile` at `endpoint`, reusing a live connection to the same endpoint. */
  async connect(profile: string, endpoint: string): Promise<Browser> {
    const held = this.#connections.get(profile);
    if (held && held.endpoint === endpoint) {
      const browser = await held.browser.catch(() => null);
      if (browser?.connected) return browser;
    }
    if (held) await this.disconnect(profile);
    const browser = puppeteer.connect({ browserWSEndpoint: endpoint, defaultViewport: null, protocolTimeout: 60_000 });
    const entry = { endpoint, browser };
    this.#connections.set(profile, entry);
    try {
      const connected = await browser;
      connected.once('disconnected', () => {
        if (this.#connections.get(profile) === entry) this.#connections.delete(profile);
      });
      return connected;
    } catch (error) {
      if (this.#connections.get(profile) === entry) this.#connections.delete(profile);
      throw new PageFailure('connection_failed', error instanceof Error ? error.message.slice(0, 300) : String(error));
    }
  }

  /** Leaves the browser running; only this process's connection ends. */
  async disconnect(profile: string): Promise<void> {
    const held = this.#connections.get(profile);
    this.#connections.delete(profile);
    const browser = await held?.browser.catch(() => null);
    if (browser?.connected) await browser.disconnect();
  }

  async disconnectAll(): Promise<void> {
    await Promise.all([...this.#connections.keys()].map((profile) => this.disconnect(profile)));
  }
}
