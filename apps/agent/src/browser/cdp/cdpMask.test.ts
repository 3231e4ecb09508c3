import { describe, expect, it } from 'vitest';
import { createCdpMask, ordinaryWord } from './cdpMask.ts';

describe('the CDP mask', () => {
  it('takes client source URLs out of evaluated scripts', () => {
    const mask = createCdpMask();
    const sent = JSON.stringify({ id: 1, method: 'Runtime.callFunctionOn', params: { functionDeclaration: '() => document.title\n//# sourceURL=pptr:evaluate;file%3A%2F%2F%2Fx.js%3A3%3A5' } });
    const masked = JSON.parse(mask.outgoing('Runtime.callFunctionOn', sent));
    expect(masked.params.functionDeclaration).toBe('() => document.title\n');
  });

  it('renames bindings and worlds the same way every time, and names them back in events', () => {
    const mask = createCdpMask();
    const added = JSON.parse(mask.outgoing('Runtime.addBinding', JSON.stringify({ id: 1, method: 'Runtime.addBinding', params: { name: 'puppeteer_reportBack' } })));
    const prefix = /^([a-z]{10}_)reportBack$/.exec(added.params.name)?.[1];
    expect(prefix).toBeDefined();
    const script = JSON.parse(mask.outgoing('Runtime.evaluate', JSON.stringify({ id: 2, method: 'Runtime.evaluate', params: { expression: "globalThis['puppeteer_' + name](1); class UtilityScript {}" } })));
    expect(script.params.expression).toBe(`globalThis['${prefix}' + name](1); class ${script.params.expression.match(/class (\w+)/)[1]} {}`);
    expect(script.params.expression).not.toMatch(/puppeteer|UtilityScript/);
    const world = JSON.parse(mask.outgoing('Page.createIsolatedWorld', JSON.stringify({ id: 3, method: 'Page.createIsolatedWorld', params: { frameId: 'F', worldName: '__puppeteer_utility_world__24.1.0' } })));
    expect(world.params.worldName).toMatch(/^[a-z]{10}$/);
    const created = JSON.parse(mask.incoming('Runtime.executionContextCreated', JSON.stringify({ method: 'Runtime.executionContextCreated', params: { context: { id: 5, name: world.params.worldName } } })));
    expect(created.params.context.name).toBe('__puppeteer_utility_world__24.1.0');
    const called = JSON.parse(mask.incoming('Runtime.bindingCalled', JSON.stringify({ method: 'Runtime.bindingCalled', params: { name: added.params.name, payload: '{}' } })));
    expect(called.params.name).toBe('puppeteer_reportBack');
  });

  it('renames chromedriver\'s cdc_ copies of built-ins', () => {
    const mask = createCdpMask();
    const sent = JSON.stringify({ id: 1, method: 'Page.addScriptToEvaluateOnNewDocument', params: { source: 'window.cdc_adoQpoasnfa76pfcZLmcfl_Array = Array; window.cdc_adoQpoasnfa76pfcZLmcfl_JSON = JSON;' } });
    const source: string = JSON.parse(mask.outgoing('Page.addScriptToEvaluateOnNewDocument', sent)).params.source;
    expect(source).not.toContain('cdc_');
    expect(source).toMatch(/^window\.([a-z]{10}_)Array = Array; window\.\1JSON = JSON;$/);
  });

  it('names what a client\'s script puts on the window, as the page sees it, and nothing else', () => {
    const mask = createCdpMask();
    const cdc = JSON.parse(mask.outgoing('Runtime.evaluate', JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression: 'window.cdc_adoQpoasnfa76pfcZLmcfl_Array = Array; ret_nodes = []; m["se_exportedFunctionSymbol"] = f;' } }))).params.expression;
    expect(cdc).not.toMatch(/cdc_|ret_nodes|se_exported/);
    const names = mask.globals(cdc);
    expect(names).toHaveLength(3);
    for (const name of names) expect(cdc).toContain(name);
    expect(names.find((name) => name.endsWith('_Array'))).toMatch(/^[a-z]{10}_Array$/);
    // World names and Playwright's UtilityScript class are no window names.
    const world = JSON.parse(mask.outgoing('Page.createIsolatedWorld', JSON.stringify({ id: 2, method: 'Page.createIsolatedWorld', params: { frameId: 'F', worldName: '__playwright_utility_world_x' } }))).params.worldName;
    expect(mask.globals(`${world} UtilityScript`)).toEqual([]);
    expect(mask.globals('nothing of a client here')).toEqual([]);
  });

  it('takes out the comments of Puppeteer\'s exposed-function wrapper that name it', () => {
    const mask = createCdpMask();
    const wrapper = "function addPageBinding(type, name, prefix) {\n  // This is the Puppeteer binding.\n  const callPuppeteer = globalThis[name];\n  // Needs to be the same as CDP_BINDING_PREFIX.\n  globalThis[prefix + name]('x'); // ok\n}";
    const sent = JSON.stringify({ id: 1, method: 'Page.addScriptToEvaluateOnNewDocument', params: { source: wrapper } });
    const source: string = JSON.parse(mask.outgoing('Page.addScriptToEvaluateOnNewDocument', sent)).params.source;
    expect(source).not.toMatch(/Puppeteer|CDP_BINDING_PREFIX/);
    expect(source).toContain('globalThis[prefix + name](\'x\'); // ok');
    expect(source.split('\n')).toHaveLength(6);
  });

  it('leaves every other message as it is', () => {
    const mask = createCdpMask();
    const text = JSON.stringify({ id: 1, method: 'Page.navigate', params: { url: 'https://shop.example/puppeteer_guide' } });
    expect(mask.outgoing('Page.navigate', text)).toBe(text);
  });

  it('draws a name again when it holds what detectors look for', () => {
    // The letters of `ipptrmmaqm` (seen once on a page in a full run), then of `quietlamps`.
    const letters = [...'ipptrmmaqm', ...'ipcdcmmaqm', ...'quietlamps'].map((letter) => letter.charCodeAt(0) - 97);
    const draw = () => letters.shift()!;
    expect(ordinaryWord(draw)).toBe('quietlamps');
    expect(letters).toEqual([]);
  });
});
