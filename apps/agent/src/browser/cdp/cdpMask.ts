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
  /**
   * The names a masked client's text puts on a page's window (its bindings, Playwright's
   * controller, chromedriver's copies of built-ins), as the page would see them: what
   * quietRuntime.ts keeps off the window's own names.
   */
  globals(maskedText: string): string[];
}

/** Methods whose parameters carry scripts, bindings or world names. */
const OUTGOING = new Set(['Runtime.evaluate', 'Runtime.callFunctionOn', 'Runtime.compileScript', 'Runtime.addBinding', 'Runtime.removeBinding', 'Page.addScriptToEvaluateOnNewDocument', 'Page.createIsolatedWorld']);
/** Events that report those names back. */
const INCOMING = new Set(['Runtime.executionContextCreated', 'Runtime.bindingCalled']);

/** Source URLs clients give evaluated scripts (in JSON text: up to the string's next escape or end). */
const CLIENT_SOURCE_URL = /\/\/# sourceURL=(?:pptr:|__puppeteer_evaluation_script__|__playwright_evaluation_script__)[^"\\]*/g;

/**
 * Comments in the functions a client puts into pages that name it: Puppeteer's exposed-function
 * wrapper says "This is the Puppeteer binding." to any page that prints the function (in JSON
 * text: up to the line's escaped end).
 */
const CLIENT_COMMENTS = /\/\/ [^"\\]*(?:Puppeteer|CDP_BINDING_PREFIX)[^"\\]*/g;

/** Client names → the kind of ordinary name they become; `global`: a name (or prefix) on the window. */
const CLIENT_NAMES: readonly { pattern: RegExp; global: boolean }[] = [
  { pattern: /__puppeteer_utility_world__[\w.-]*/g, global: false },
  { pattern: /__playwright_utility_world_[\w-]*/g, global: false },
  { pattern: /__playwright__binding__controller__/g, global: true },
  { pattern: /__playwright__binding__/g, global: true },
  { pattern: /\bpuppeteer_/g, global: true },
  { pattern: /\bUtilityScript\b/g, global: false },
  // The exposed-function wrapper's own name for the binding it calls.
  { pattern: /\bcallPuppeteer\b/g, global: false },
  // chromedriver keeps its own copies of Array, Promise, JSON… on the window under this prefix.
  { pattern: /\$?\bcdc_[A-Za-z0-9]{22}_/g, global: true },
  // …and leaves two names there: its callFunction assigns `ret_nodes` undeclared, and the
  // Selenium atoms it runs export through `window.se_exportedFunctionSymbol`.
  { pattern: /\bret_nodes\b/g, global: true },
  { pattern: /\bse_exportedFunctionSymbol\b/g, global: true },
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
  /** Ordinary names (and prefixes, ending in `_`) that stand for names on the window. */
  const onWindow = new Set<string>();
  const renamer = (global: boolean) => (name: string) => {
    const ordinary = rename(name);
    if (global) onWindow.add(ordinary);
    return ordinary;
  };
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
      let masked = text.replace(CLIENT_SOURCE_URL, '').replace(CLIENT_COMMENTS, '//');
      for (const { pattern, global } of CLIENT_NAMES) masked = masked.replace(pattern, renamer(global));
      return masked;
    },
    incoming(method, text) {
      if (!INCOMING.has(method) || toClient.size === 0) return text;
      let unmasked = text;
      for (const [ordinary, client] of toClient) if (unmasked.includes(ordinary)) unmasked = unmasked.split(ordinary).join(client);
      return unmasked;
    },
    globals(maskedText) {
      const found = new Set<string>();
      for (const ordinary of onWindow) {
        if (!maskedText.includes(ordinary)) continue;
        // A prefix stands for every name that begins with it; an ordinary word is a name itself.
        const names = new RegExp(`(?<![\\w$])${ordinary}${ordinary.endsWith('_') ? '[\\w$]+' : '(?![\\w$])'}`, 'g');
        for (const match of maskedText.matchAll(names)) found.add(match[0]);
      }
      return [...found];
    },
  };
}
