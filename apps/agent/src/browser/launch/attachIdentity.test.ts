import { describe, expect, it } from 'vitest';
import { attachIdentity } from './attachIdentity.ts';
import { CdpConnection, type CdpTransport } from '../cdp/cdp.ts';
import type { TargetCommands } from './launchPlan.ts';

interface Sent {
  id: number;
  method: string;
  sessionId?: string;
}

/**
 * The browser's end of the pipe, scripted: it answers what the test lets it answer and records
 * the order in which commands arrived, which is the order Chromium handles a session's commands.
 */
function scriptedBrowser() {
  const sent: Sent[] = [];
  let deliver: (text: string) => void = () => {};
  const transport: CdpTransport = {
    send: (text) => sent.push(JSON.parse(text) as Sent),
    onMessage: (listener) => (deliver = listener),
    onClose: () => {},
    close: () => {},
  };
  const answer = (message: Sent) => deliver(JSON.stringify({ id: message.id, result: {}, ...(message.sessionId ? { sessionId: message.sessionId } : {}) }));
  return {
    connection: new CdpConnection(transport),
    sent,
    answerWhere: (pick: (message: Sent) => boolean) => sent.filter(pick).forEach(answer),
    event: (method: string, params: Record<string, unknown>) => deliver(JSON.stringify({ method, params })),
  };
}

const commands: TargetCommands = {
  page: [{ method: 'Emulation.setUserAgentOverride', params: { userAgent: 'Windows' } }],
  frame: [],
  worker: [],
  everySession: [{ method: 'Emulation.setUserAgentOverride', params: { userAgent: 'Windows' } }],
};

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('attachIdentity', () => {
  it('lets a paused tab run only once its identity is answered, and its waiter go on without waiting for the resume to be answered', async () => {
    const browser = scriptedBrowser();
    const attaching = attachIdentity(browser.connection, commands, 'window.pageScript = 1', (error) => {
      throw error;
    });
    browser.answerWhere((m) => m.method === 'Target.setAutoAttach' && !m.sessionId);
    const identity = await attaching;
    browser.event('Target.attachedToTarget', { sessionId: 'S1', targetInfo: { targetId: 'T1', type: 'page' }, waitingForDebugger: true });
    let readySession: string | undefined;
    void identity.ready('T1').then((sessionId) => {
      readySession = sessionId;
      // What launchBrowser does next: the tab's navigation.
      void browser.connection.send('Page.navigate', { url: 'https://shop.example/' }, sessionId);
    });
    await settle();

    const onTab = () => browser.sent.filter((m) => m.sessionId === 'S1').map((m) => m.method);
    expect(onTab()).toEqual(['Target.setAutoAttach', 'Emulation.setUserAgentOverride', 'Page.enable', 'Page.addScriptToEvaluateOnNewDocument']);
    expect(readySession).toBeUndefined();

    // Every identity command answered but the page script's: still paused, nobody told.
    browser.answerWhere((m) => m.sessionId === 'S1' && m.method !== 'Page.addScriptToEvaluateOnNewDocument');
    await settle();
    expect(onTab()).not.toContain('Runtime.runIfWaitingForDebugger');
    expect(readySession).toBeUndefined();

    // The last one answered: the resume goes, and the navigation right behind it, while the
    // resume is still unanswered (it answers once the blank document commits).
    browser.answerWhere((m) => m.method === 'Page.addScriptToEvaluateOnNewDocument');
    await settle();
    expect(readySession).toBe('S1');
    expect(onTab().slice(4)).toEqual(['Runtime.runIfWaitingForDebugger', 'Page.navigate']);
  });

  it('tells the waiter when a tab that was not paused has its identity, and sends it no resume', async () => {
    const browser = scriptedBrowser();
    const attaching = attachIdentity(browser.connection, commands, null, (error) => {
      throw error;
    });
    browser.answerWhere((m) => m.method === 'Target.setAutoAttach' && !m.sessionId);
    const identity = await attaching;
    browser.event('Target.attachedToTarget', { sessionId: 'S2', targetInfo: { targetId: 'T2', type: 'page' }, waitingForDebugger: false });
    await settle();
    browser.answerWhere((m) => m.sessionId === 'S2');
    await expect(identity.ready('T2')).resolves.toBe('S2');
    expect(browser.sent.filter((m) => m.sessionId === 'S2').map((m) => m.method)).toEqual(['Target.setAutoAttach', 'Emulation.setUserAgentOverride']);
  });
});
