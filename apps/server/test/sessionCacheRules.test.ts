import { describe, expect, it } from 'vitest';
import { ChangeListeners, type AuthChangeFeed } from '../src/db/authChangeFeed.ts';
import type { Account } from '../src/repositories/accounts.ts';
import type { SessionRow } from '../src/repositories/sessions.ts';
import { SessionCache } from '../src/services/sessionCache.ts';

// The rules of services/sessionCache.ts on their own, with a feed the test drives (the server
// tests sessionCache.test.ts drive the real feeds of both databases).

function feed() {
  const listeners = new ChangeListeners();
  const state = { live: true, polls: 0 };
  const driven: AuthChangeFeed & { state: typeof state; tell(accountId: string | null): void } = {
    state,
    get live() {
      return state.live;
    },
    poll: () => void (state.polls += 1),
    onChange: (listener) => listeners.add(listener),
    tell: (accountId) => listeners.tell(accountId),
    description: 'driven by the test',
    close: async () => undefined,
  };
  return driven;
}

const found = (accountId: string, sessionId: string) => ({
  session: { id: sessionId, account_id: accountId, expires_at: Number.MAX_SAFE_INTEGER, last_seen_at: 0 } as SessionRow,
  account: { id: accountId, status: 'active', username: accountId } as Account,
});

describe('the session cache rules', () => {
  it('does not keep an answer read while a change was heard', () => {
    const changes = feed();
    const cache = new SessionCache(changes, 30_000, () => 0);
    const mark = cache.markBeforeRead();
    changes.tell('acc_other'); // any account: which row the read saw is not known
    cache.keep('t1', found('acc_1', 's1'), mark);
    expect(cache.get('t1')).toBeUndefined();
    cache.keep('t1', found('acc_1', 's1'), cache.markBeforeRead());
    expect(cache.get('t1')?.account.id).toBe('acc_1');
  });

  it('forgets one account, or everything', () => {
    const changes = feed();
    const cache = new SessionCache(changes, 30_000, () => 0);
    for (const [token, account] of [['t1', 'acc_1'], ['t2', 'acc_1'], ['t3', 'acc_2']] as const) cache.keep(token, found(account, token), cache.markBeforeRead());
    changes.tell('acc_1');
    expect([cache.get('t1'), cache.get('t2'), cache.get('t3')?.account.id]).toEqual([undefined, undefined, 'acc_2']);
    changes.tell(null);
    expect(cache.size).toBe(0);
  });

  it('answers and keeps nothing while the feed is not live, and polls it before answering', () => {
    const changes = feed();
    const cache = new SessionCache(changes, 30_000, () => 0);
    cache.keep('t1', found('acc_1', 's1'), cache.markBeforeRead());
    changes.state.live = false;
    expect(cache.get('t1')).toBeUndefined();
    cache.keep('t2', found('acc_2', 's2'), cache.markBeforeRead());
    changes.state.live = true;
    expect(cache.get('t2')).toBeUndefined();
    expect(changes.state.polls).toBeGreaterThan(0);
  });

  it('drops an entry older than its time to live', () => {
    let now = 0;
    const cache = new SessionCache(feed(), 30_000, () => now);
    cache.keep('t1', found('acc_1', 's1'), cache.markBeforeRead());
    now = 30_000;
    expect(cache.get('t1')).toBeDefined();
    now = 30_001;
    expect(cache.get('t1')).toBeUndefined();
  });

  it('hands out copies, and drops the oldest entry when full', () => {
    const cache = new SessionCache(feed(), 30_000, () => 0, 2);
    cache.keep('t1', found('acc_1', 's1'), cache.markBeforeRead());
    const first = cache.get('t1')!;
    first.account.status = 'disabled';
    expect(cache.get('t1')?.account.status).toBe('active');
    cache.keep('t2', found('acc_2', 's2'), cache.markBeforeRead());
    cache.keep('t3', found('acc_3', 's3'), cache.markBeforeRead());
    expect([cache.get('t1'), cache.get('t2')?.account.id, cache.get('t3')?.account.id]).toEqual([undefined, 'acc_2', 'acc_3']);
  });
});
