import { describe, expect, it } from 'vitest';
import { contextOf, QuietRuntime, type QuietHost } from './quietRuntime.ts';

interface Told {
  session: string;
  method: string;
  params: Record<string, unknown>;
}

/**
 * The browser side as the quiet runtime asks it: two frames whose main worlds have the ids 2 and
 * 3 (found through the document node, as Chromium answers), and client worlds numbered from 50.
 * `mainIds` may be changed to stand for a new document's world.
 */
function scriptedBrowser() {
  const told: Told[] = [];
  const calls: string[] = [];
  const bindingsGiven: [string, number][] = [];
  const mainIds: Record<string, number> = { F1: 2, F2: 3 };
  const probes = new Map<number, string>();
  let nextWorld = 50;
  let nextProbe = 100;
  const host: QuietHost = {
    async call(_session, method, params = {}) {
      calls.push(method);
      switch (method) {
        case 'Page.getFrameTree':
          return { frameTree: { frame: { id: 'F1', securityOrigin: 'https://shop.example' }, childFrames: [{ frame: { id: 'F2', parentId: 'F1', securityOrigin: 'https://ads.example' } }] } };
        case 'Page.createIsolatedWorld': {
          if (String(params.worldName).startsWith('client')) return { executionContextId: nextWorld++ };
          const id = nextProbe++;
          probes.set(id, params.frameId as string);
          return { executionContextId: id };
        }
        case 'Runtime.evaluate':
          if (params.expression === 'self') return { result: { objectId: '77.9.1' } };
          return { result: { objectId: `77.${params.contextId}.1` } };
        case 'Runtime.addBinding':
          bindingsGiven.push([params.name as string, params.executionContextId as number]);
          return {};
        case 'DOM.describeNode':
          return { node: { backendNodeId: Number(String(params.objectId).split('.')[1]) } };
        case 'DOM.resolveNode':
          return { object: { objectId: `77.${mainIds[probes.get(params.backendNodeId as number)!]}.2` } };
        default:
          return {};
      }
    },
    emit: (session, method, params) => void told.push({ session, method, params }),
  };
  return { host, told, calls, mainIds, bindingsGiven };
}

const contexts = (told: Told[]) =>
  told.filter((t) => t.method === 'Runtime.executionContextCreated').map((t) => {
    const context = t.params.context as { id: number; name: string; origin: string; auxData?: { frameId: string; isDefault: boolean; type: string } };
    return [context.id, context.name, context.origin, context.auxData?.frameId, context.auxData?.type];
  });

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/** A window session whose client has switched Runtime on, with what that told already cleared. */
async function enabledWindow() {
  const browser = scriptedBrowser();
  const quiet = new QuietRuntime(browser.host);
  quiet.track('S', 'window');
  await quiet.command('S', { method: 'Runtime.enable' });
  browser.told.length = 0;
  return { browser, quiet };
}

describe('QuietRuntime', () => {
  it('answers Runtime.enable itself, after telling each frame\'s main world, found without running script in the page', async () => {
    const browser = scriptedBrowser();
    const quiet = new QuietRuntime(browser.host);
    quiet.track('S', 'window');
    expect(await quiet.command('S', { method: 'Runtime.enable' })).toEqual({ answer: {} });
    expect(contexts(browser.told)).toEqual([
      [2, '', 'https://shop.example', 'F1', 'default'],
      [3, '', 'https://ads.example', 'F2', 'default'],
    ]);
    // Only reads: no evaluation in a page's own world, no binding, nothing switched on but Page.
    expect(new Set(browser.calls)).toEqual(new Set(['Page.enable', 'Page.getFrameTree', 'Page.createIsolatedWorld', 'Runtime.evaluate', 'DOM.describeNode', 'DOM.resolveNode', 'Runtime.releaseObject']));
    expect(browser.calls).not.toContain('Runtime.enable');
  });

  it('tells a new document\'s worlds after its navigation, and the old ones gone before it', async () => {
    const browser = scriptedBrowser();
    const quiet = new QuietRuntime(browser.host);
    quiet.track('S', 'window');
    expect(await quiet.command('S', { method: 'Page.addScriptToEvaluateOnNewDocument', params: { source: '', worldName: 'client-utility' } })).toEqual({ forward: { source: '', worldName: 'client-utility' } });
    await quiet.command('S', { method: 'Runtime.enable' });
    browser.told.length = 0;

    let toldBeforeDelivery: string[] = [];
    browser.mainIds.F1 = 12;
    quiet.event('S', 'Page.frameNavigated', { frame: { id: 'F1', securityOrigin: 'https://shop.example' } }, () => (toldBeforeDelivery = browser.told.map((t) => t.method)));
    expect(toldBeforeDelivery).toEqual(['Runtime.executionContextsCleared']);
    await settle();
    expect(contexts(browser.told)).toEqual([
      [12, '', 'https://shop.example', 'F1', 'default'],
      [52, 'client-utility', 'https://shop.example', 'F1', 'isolated'],
    ]);

    // A child frame's new document: only its contexts go.
    browser.told.length = 0;
    quiet.event('S', 'Page.frameAttached', { frameId: 'F3', parentFrameId: 'F1' }, () => {});
    browser.mainIds.F3 = 20;
    quiet.event('S', 'Page.frameNavigated', { frame: { id: 'F3', parentId: 'F1', securityOrigin: 'https://ads.example' } }, () => {});
    await settle();
    browser.mainIds.F3 = 21;
    quiet.event('S', 'Page.frameNavigated', { frame: { id: 'F3', parentId: 'F1', securityOrigin: 'https://ads.example' } }, () => {});
    await settle();
    const gone = browser.told.filter((t) => t.method === 'Runtime.executionContextDestroyed').map((t) => t.params.executionContextId);
    expect(gone).toEqual([20, 53]);
    quiet.event('S', 'Page.frameDetached', { frameId: 'F3' }, () => {});
    expect(browser.told.filter((t) => t.method === 'Runtime.executionContextDestroyed').map((t) => t.params.executionContextId)).toEqual([20, 53, 21, 54]);
  });

  it('tells nothing found for a document already replaced', async () => {
    const { browser, quiet } = await enabledWindow();
    quiet.event('S', 'Page.frameNavigated', { frame: { id: 'F1', securityOrigin: 'https://a.example' } }, () => {});
    // The next document commits before the first one's search answers.
    quiet.event('S', 'Page.frameNavigated', { frame: { id: 'F1', securityOrigin: 'https://b.example' } }, () => {});
    await settle();
    expect(contexts(browser.told)).toEqual([[2, '', 'https://b.example', 'F1', 'default']]);
  });

  it('tells a world the client asks for before its answer, and nothing once the client switched Runtime off', async () => {
    const { browser, quiet } = await enabledWindow();
    quiet.isolatedWorldCreated('S', { frameId: 'F2', worldName: 'client-b' }, { executionContextId: 60 });
    quiet.isolatedWorldCreated('S', { frameId: 'F2', worldName: 'client-b' }, { executionContextId: 60 });
    expect(contexts(browser.told)).toEqual([[60, 'client-b', 'https://ads.example', 'F2', 'isolated']]);
    expect(await quiet.command('S', { method: 'Runtime.disable' })).toEqual({ answer: {} });
    quiet.event('S', 'Page.frameNavigated', { frame: { id: 'F1', securityOrigin: 'https://shop.example' } }, () => {});
    await settle();
    expect(browser.told).toHaveLength(1);
  });

  it('names a told unique id by its context id, as chromedriver asks', async () => {
    const browser = scriptedBrowser();
    const quiet = new QuietRuntime(browser.host);
    quiet.track('S', 'window');
    await quiet.command('S', { method: 'Runtime.enable' });
    const { uniqueId } = browser.told[0]!.params.context as { uniqueId: string };
    expect(uniqueId).toMatch(/^-?\d+\.-?\d+$/);
    expect(await quiet.command('S', { method: 'Runtime.evaluate', params: { expression: '1', uniqueContextId: uniqueId } })).toEqual({ forward: { expression: '1', contextId: 2 } });
    expect(await quiet.command('S', { method: 'Runtime.callFunctionOn', params: { functionDeclaration: 'f', uniqueContextId: uniqueId } })).toEqual({ forward: { functionDeclaration: 'f', executionContextId: 2 } });
    // One it never told is the browser's to refuse.
    expect(await quiet.command('S', { method: 'Runtime.evaluate', params: { expression: '1', uniqueContextId: '1.2' } })).toEqual({ forward: { expression: '1', uniqueContextId: '1.2' } });
  });

  it('puts a binding meant for every context into each one told, before the client hears of it', async () => {
    const browser = scriptedBrowser();
    const quiet = new QuietRuntime(browser.host);
    quiet.track('S', 'window');
    await quiet.command('S', { method: 'Runtime.enable' });
    // V8 would put it only into the contexts there now: new ones get bindings only while Runtime is on.
    expect(await quiet.command('S', { method: 'Runtime.addBinding', params: { name: 'exposed' } })).toEqual({ answer: {} });
    expect(browser.bindingsGiven).toEqual([['exposed', 2], ['exposed', 3]]);
    browser.mainIds.F1 = 40;
    let givenWhenTold: [string, number][] = [];
    const emit = browser.host.emit;
    browser.host.emit = (session, method, params) => {
      if (method === 'Runtime.executionContextCreated') givenWhenTold = [...browser.bindingsGiven];
      emit(session, method, params);
    };
    quiet.event('S', 'Page.frameNavigated', { frame: { id: 'F1', securityOrigin: 'https://shop.example' } }, () => {});
    await settle();
    expect(givenWhenTold).toContainEqual(['exposed', 40]);
    // One for a context the client named is the browser's.
    expect(await quiet.command('S', { method: 'Runtime.addBinding', params: { name: 'one', executionContextId: 40 } })).toEqual({ forward: { name: 'one', executionContextId: 40 } });
  });

  it('makes a client\'s window names accessors before anything puts them there: new documents, open ones, late-found ones', async () => {
    const browser = scriptedBrowser();
    const sent: { method: string; params: Record<string, unknown> }[] = [];
    const call = browser.host.call;
    browser.host.call = (session, method, params = {}) => (sent.push({ method, params }), call(session, method, params));
    const quiet = new QuietRuntime(browser.host, (text) => (text.includes('kept_') ? ['kept_Array'] : []));
    quiet.track('S', 'window');
    await quiet.command('S', { method: 'Runtime.enable' });
    await quiet.command('S', { method: 'Runtime.addBinding', params: { name: 'word_reportBack' } });
    const order = sent.map((c) => `${c.method}${c.params.contextId ?? c.params.executionContextId ?? ''}`).filter((m) => !/^(Page\.getFrameTree|Page\.createIsolatedWorld|DOM\.)/.test(m));
    // The new-document script first, then each open main world made to keep it, then the binding.
    expect(order.slice(-5)).toEqual(['Page.addScriptToEvaluateOnNewDocument', 'Runtime.evaluate2', 'Runtime.evaluate3', 'Runtime.addBinding2', 'Runtime.addBinding3']);
    expect(String(sent.find((c) => c.method === 'Page.addScriptToEvaluateOnNewDocument')!.params.source)).toContain('["word_reportBack"]');
    // A client script that puts another name there: hidden before it is sent on, once.
    expect(await quiet.command('S', { method: 'Runtime.evaluate', params: { expression: 'window.kept_Array = Array' } })).toEqual({ forward: { expression: 'window.kept_Array = Array' } });
    await quiet.command('S', { method: 'Page.addScriptToEvaluateOnNewDocument', params: { source: 'window.kept_Array = Array' } });
    expect(sent.filter((c) => String(c.params.source ?? c.params.expression ?? '').includes('["kept_Array"]'))).toHaveLength(3);
    // A document found after both: the names kept before its binding goes in.
    sent.length = 0;
    browser.mainIds.F1 = 40;
    quiet.event('S', 'Page.frameNavigated', { frame: { id: 'F1', securityOrigin: 'https://shop.example' } }, () => {});
    await settle();
    const late = sent.filter((c) => c.params.contextId === 40 || c.params.executionContextId === 40).map((c) => c.method);
    expect(late).toEqual(['Runtime.evaluate', 'Runtime.addBinding']);
    expect(String(sent.find((c) => c.params.contextId === 40)!.params.expression)).toContain('["word_reportBack","kept_Array"]');
    // A worker has no window to keep names off.
    sent.length = 0;
    quiet.track('W', 'worker');
    await quiet.command('W', { method: 'Runtime.addBinding', params: { name: 'word_reportBack' } });
    expect(sent.map((c) => c.method)).not.toContain('Page.addScriptToEvaluateOnNewDocument');
  });

  it('answers Runtime.enable at once on a target that waits for the client\'s resume, and tells its contexts after', async () => {
    const browser = scriptedBrowser();
    const held: (() => void)[] = [];
    const call = browser.host.call;
    // A paused target answers nothing until it is let go.
    browser.host.call = (session, method, params) => new Promise((resolve) => held.push(() => void call(session, method, params).then(resolve)));
    const quiet = new QuietRuntime(browser.host);
    quiet.track('S', 'window', '', true);
    expect(await quiet.command('S', { method: 'Runtime.enable' })).toEqual({ answer: {} });
    expect(browser.told).toEqual([]);
    browser.host.call = call;
    expect(await quiet.command('S', { method: 'Runtime.runIfWaitingForDebugger' })).toEqual({ forward: undefined });
    while (held.length) {
      held.shift()!();
      await settle();
    }
    expect(contexts(browser.told).map((c) => c[0])).toEqual([2, 3]);
  });

  it('tells a worker its one global', async () => {
    const browser = scriptedBrowser();
    const quiet = new QuietRuntime(browser.host);
    quiet.track('W', 'worker', 'https://shop.example/worker.js');
    expect(await quiet.command('W', { method: 'Runtime.enable' })).toEqual({ answer: {} });
    await settle();
    expect(browser.told).toMatchObject([{ session: 'W', method: 'Runtime.executionContextCreated', params: { context: { id: 9, origin: 'https://shop.example/worker.js', name: '' } } }]);
  });

  it('leaves sessions it does not track to the browser', async () => {
    const quiet = new QuietRuntime(scriptedBrowser().host);
    expect(await quiet.command('X', { method: 'Runtime.enable', params: {} })).toEqual({ forward: {} });
  });

  it('reads a remote object\'s context from its id', () => {
    expect(contextOf({ objectId: '-4815162342.7.12' })).toBe(7);
    expect(contextOf({ objectId: '{"injectedScriptId":7,"id":12}' })).toBeUndefined();
    expect(contextOf(undefined)).toBeUndefined();
  });
});
