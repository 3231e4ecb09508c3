import { randomInt } from 'node:crypto';

/**
 * What keeps an attached automation client from showing itself to the pages it drives
 * (`cdp_mask`, on by default). Clients name what they put into a page after themselves: a page
 * that reads a stack trace inside an evaluated function sees Puppeteer's `pptr:` source URL or
 * Playwright's `UtilityScript`; one that lists the window's properties sees `puppeteer_…` or
 * `__playwright__binding__` bindings; chromedriver's window holds `cdc_…` copies of built-ins.
 * The mask rewrites those names in what the client sends,
 * and names them back in what the browser reports to it, so the client works unchanged.
 *
 * `Runtime.enable` is let through: on Chromium 156 no page-visible probe tells it (console
 * previews no longer run getters of errors, objects or proxies; measured in docs/decisions.md),
 * and suppressing it would mean forging every execution context a client expects.
 */
export interface CdpMask {
  /** A client's message before it reaches the browser. */
  outgoing(method: string, text: string): string;
  /** A browser's event before it reaches the client. */
  incoming(method: string, text: string): string;
}

/** Methods whose parameters carry scripts, bindings or world names. */
const OUTGOING = new Set(['Runtime.evaluate', 'Runtime.callFunctionOn', 'Runtime.compileScript', 'Runtime.addBinding', 'Runtime.removeBinding', 'Page.addScriptToEvaluateOnNewDocument', 'Page.createIsolatedWorld']);
/** Events that report those names back. */
const INCOMING = new Set(['Runtime.executionContextCreated', 'Runtime.bindingCalled']);

/** Source URLs clients give evaluated scripts (in JSON text: up to the string's next escape or end). */
const CLIENT_SOURCE_URL = /\/\/# sourceURL=(?:pptr:|__puppeteer_evaluation_script__|__playwright_evaluation_script__)[^"\\]*/g;

/** Client names → the kind of ordinary name they become. */
const CLIENT_NAMES: readonly RegExp[] = [
  /__puppeteer_utility_world__[\w.-]*/g,
  /__playwright_utility_world_[\w-]*/g,
  /__playwright__binding__controller__/g,
  /__playwright__binding__/g,
  /\bpuppeteer_/g,
  /\bUtilityScript\b/g,
  // chromedriver keeps its own copies of Array, Promise, JSON… on the window under this prefix.
  /\$?\bcdc_[A-Za-z0-9]{22}_/g,
];

/**
 * What detectors look for in a window's property names. A random word holds one now and then
 * (`pptr` in about one of 65,000 words, `cdc` in one of 2,000, and a prefix word ending in `cdc`
 * becomes `…cdc_`), so such a word is drawn again: a full run once saw `ipptrmmaqm` on a page.
 */
const TELLTALE = /pptr|puppeteer|playwright|pw|cdc|driver|selenium|phantom|nightmare|automation/;

/** A lower-case word no page and no client would hold by chance, and no detector looks for. */
export function ordinaryWord(draw: (range: number) => number = randomInt): string {
  for (;;) {
    let word = '';
    for (let i = 0; i < 10; i++) word += String.fromCharCode(97 + draw(26));
    if (!TELLTALE.test(word)) return word;
  }
}

export function createCdpMask(): CdpMask {
  const toOrdinary = new Map<string, string>();
  const toClient = new Map<string, string>();
  const rename = (name: string) => {
    let ordinary = toOrdinary.get(name);
    if (!ordinary) {
      // A binding prefix stays a prefix; the rest become whole names.
      ordinary = name.endsWith('_') && !name.startsWith('_') ? `${ordinaryWord()}_` : ordinaryWord();
      toOrdinary.set(name, ordinary);
      toClient.set(ordinary, name);
    }
    return ordinary;
  };
  return {
    outgoing(method, text) {
      if (!OUTGOING.has(method)) return text;
      let masked = text.replace(CLIENT_SOURCE_URL, '');
      for (const pattern of CLIENT_NAMES) masked = masked.replace(pattern, rename);
      return masked;
    },
    incoming(method, text) {
      if (!INCOMING.has(method) || toClient.size === 0) return text;
      let unmasked = text;
      for (const [ordinary, client] of toClient) if (unmasked.includes(ordinary)) unmasked = unmasked.split(ordinary).join(client);
      return unmasked;
    },
  };
}
