import { describe, expect, it } from 'vitest';
import type { CdpConnection } from '../browser/cdp/cdp.ts';
import { BrowserPages } from './browserPages.ts';

/**
 * A browser's root connection with these tabs open, where each tab's frame tree answers after
 * its own delay (ms): a tab with many frames, or a busy one, is set up later than another.
 */
function browserWith(tabs: { targetId: string; delay: number }[]): CdpConnection {
  const sessions = new Map<string, string>();
  const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
  const fake = {
    closed: false,
    on: () => () => {},
    send: async (method: string, params: Record<string, unknown>, sessionId?: string) => {
      if (method === 'Target.getTargets') return { targetInfos: tabs.map((t) => ({ targetId: t.targetId, type: 'page' })) };
      if (method === 'Target.attachToTarget') {
        sessions.set(`s-${String(params.targetId)}`, String(params.targetId));
        return { sessionId: `s-${String(params.targetId)}` };
      }
      if (method === 'Page.getFrameTree') {
        const targetId = sessions.get(sessionId!)!;
        return later(tabs.find((t) => t.targetId === targetId)!.delay, { frameTree: { frame: { id: `f-${targetId}`, url: `https://example.test/${targetId}` } } });
      }
      return {};
    },
  };
  return fake as unknown as CdpConnection;
}

const hooks = { prepare: async () => {}, navigated: () => {}, event: () => {}, gone: () => {} };

describe('the tabs of a synchronized browser', () => {
  it('are listed in the order the browser names them, however long each takes to set up (the leader\'s tab n is replayed in each follower\'s tab n)', async () => {
    const pages = new BrowserPages(browserWith([{ targetId: 'first', delay: 30 }, { targetId: 'second', delay: 0 }, { targetId: 'third', delay: 10 }]), hooks, (error) => {
      throw error;
    });
    await pages.attachOpenTabs();
    expect(pages.list().map((p) => p.targetId)).toEqual(['first', 'second', 'third']);
  });
});
