import { describe, expect, it } from 'vitest';
import { contactChannels } from './contactChannels.ts';

const support = {
  email: 'help@example.com',
  contacts: [
    { kind: 'wechat' as const, value: 'facet_cs' },
    { kind: 'qq' as const, value: '12345' },
    { kind: 'telegram' as const, value: '@facet_help' },
  ],
};

describe('contact channels (spec §2)', () => {
  it('lists chat and QQ for Chinese, the international messengers otherwise, and the e-mail always', () => {
    expect(contactChannels(support, true).map((c) => c.kind)).toEqual(['wechat', 'qq', 'email']);
    expect(contactChannels(support, false).map((c) => c.kind)).toEqual(['telegram', 'email']);
  });

  it('shows only the e-mail when no contacts are configured', () => {
    expect(contactChannels({ email: 'help@example.com', contacts: [] }, true)).toEqual([{ kind: 'email', value: 'help@example.com' }]);
  });
});
