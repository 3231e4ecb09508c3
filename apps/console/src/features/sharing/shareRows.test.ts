import { describe, expect, it } from 'vitest';
import { shareRows } from './shareRows.ts';

const member = (profileId: string, account: string, permission: 'run' | 'edit' | 'full', sharedBy = 'owner', manageable = true, createdAt = 1) => ({
  profileId,
  account: { id: account, name: account },
  permission,
  sharedBy: { id: sharedBy, name: sharedBy },
  createdAt,
  manageable,
});

describe('share rows', () => {
  it('groups shares by account, says "mixed" when permissions differ, and is manageable only when every share is', () => {
    const rows = shareRows([member('p1', 'ann', 'run', 'owner', true, 5), member('p2', 'ann', 'edit', 'lead', false, 3), member('p1', 'bob', 'full')]);
    expect(rows).toEqual([
      { accountId: 'ann', name: 'ann', permission: 'mixed', profileIds: ['p1', 'p2'], sharers: ['owner', 'lead'], since: 3, manageable: false },
      { accountId: 'bob', name: 'bob', permission: 'full', profileIds: ['p1'], sharers: ['owner'], since: 1, manageable: true },
    ]);
  });
});
