import { operationActions, type OperationAction, type OperationLogEntry } from '@facet/contracts';
import { locales } from '@facet/i18n';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { entryText } from './entryText.ts';

async function toolsFor(tag: string) {
  const instance = i18next.createInstance();
  await instance.init({ lng: tag, fallbackLng: 'en-US', resources: { [tag]: { translation: locales[tag]! } }, interpolation: { escapeValue: false } });
  const list = new Intl.ListFormat(tag, { type: 'conjunction' });
  return { t: instance.t, formatDate: (ms: number) => new Date(ms).toISOString().slice(0, 10), joinList: (items: string[]) => list.format(items) };
}

const entry = (action: OperationAction, subject: string, details: OperationLogEntry['details'] = {}): OperationLogEntry => ({
  id: 'log_1',
  account: { id: 'acc_1', name: 'alice' },
  machine: 'Chrome on Linux',
  action,
  subject,
  details,
  createdAt: 0,
});

/** Details the server records for each action (apps/server services). */
const sampleDetails: Partial<Record<OperationAction, OperationLogEntry['details']>> = {
  'profile.create': { count: 2 },
  'profile.batchCreate': { count: 5 },
  'profile.update': {},
  'profile.delete': { count: 1 },
  'profile.restore': { count: 3 },
  'profile.purge': { count: 21 },
  'profile.emptyBin': { count: 4 },
  'profile.moveGroup': { count: 2, group: 'Shops' },
  'profile.remark': { count: 2 },
  'profile.share': { count: 2, recipients: 'bob, carol' },
  'profile.unshare': { count: 2 },
  'profile.sharePermission': { count: 2, permission: 'edit' },
  'profile.import': { count: 2 },
  'profile.transfer': { count: 2, to: 'dave' },
  'group.create': {},
  'group.update': { from: 'Old' },
  'group.delete': {},
  'subAccount.create': {},
  'subAccount.update': { fields: 'nickname,password' },
  'subAccount.delete': { profiles: 3 },
  'plan.paid': { months: 3, order: 'ord_1', until: 86_400_000 },
  'plan.trial': { until: 86_400_000 },
  'plan.ended': {},
  'plan.reward': { days: 7, applied: 1 },
  'settings.update': { fields: 'defaultOs' },
  'plugin.upload': { version: '1.0.0' },
  'plugin.newVersion': { version: '1.1.0' },
  'plugin.update': { fields: 'name', from: 'Old guard' },
  'plugin.remove': { versions: 2, assignments: 3 },
  'plugin.enable': { account: 'bob', version: '1.0.0' },
  'plugin.disable': { account: 'bob' },
  'plugin.disableEverywhere': {},
  'plugin.enableEverywhere': {},
  'plugin.assign': { version: '1.0.0', profiles: 2, groups: 1 },
  'plugin.unassign': { profiles: 2, groups: 0 },
  'plugin.moveVersion': { version: '1.1.0', count: 4 },
};

describe('entryText', () => {
  it('writes English sentences with singular and plural counts', async () => {
    const tools = await toolsFor('en-US');
    expect(entryText(entry('profile.create', 'Shop 1, Shop 2', { count: 2 }), tools)).toBe('Created 2 profiles: Shop 1, Shop 2');
    expect(entryText(entry('profile.create', 'Shop 1', { count: 1 }), tools)).toBe('Created 1 profile: Shop 1');
    expect(entryText(entry('plan.paid', 'Pro', { months: 1, order: 'ord_9', until: 0 }), tools)).toBe('Paid for 1 month of plan “Pro” (order ord_9); valid until 1970-01-01');
    expect(entryText(entry('plugin.remove', 'Guard', { versions: 2, assignments: 1 }), tools)).toBe('Deleted plugin “Guard” with all its versions and 1 assignment');
    expect(entryText(entry('plugin.update', 'Guard', { fields: 'name', from: 'Old guard' }), tools)).toBe('Renamed plugin “Old guard” to “Guard”');
  });

  it('picks the Russian forms for 1, 3 and 5', async () => {
    const tools = await toolsFor('ru');
    expect(entryText(entry('profile.purge', 'a', { count: 1 }), tools)).toBe('Безвозвратно удалён 1 профиль: a');
    expect(entryText(entry('profile.purge', 'a', { count: 3 }), tools)).toBe('Безвозвратно удалено 3 профиля: a');
    expect(entryText(entry('profile.purge', 'a', { count: 5 }), tools)).toBe('Безвозвратно удалено 5 профилей: a');
  });

  it('words the cases where a detail is absent', async () => {
    const tools = await toolsFor('en-US');
    expect(entryText(entry('profile.moveGroup', 'a, b', { count: 2, group: '' }), tools)).toBe('Took 2 profiles out of their groups: a, b');
    expect(entryText(entry('group.update', 'Shops', {}), tools)).toBe('Edited group “Shops”');
    expect(entryText(entry('group.update', 'Shops', { from: 'Stores' }), tools)).toBe('Renamed group “Stores” to “Shops”');
    expect(entryText(entry('subAccount.update', 'bob', { fields: 'nickname,password' }), tools)).toBe('Changed the nickname and password of sub-account bob');
    expect(entryText(entry('subAccount.update', 'bob', { fields: '' }), tools)).toBe('Edited sub-account bob');
    expect(entryText(entry('subAccount.delete', 'bob', { profiles: 0 }), tools)).toBe('Deleted sub-account bob');
    expect(entryText(entry('plan.ended', '', {}), tools)).toBe('The plan ended');
    expect(entryText(entry('plan.reward', 'bo***b', { days: 1, applied: 0 }), tools)).toBe('Referral reward: 1 day kept for your first plan (bo***b paid for the first time)');
  });

  it('shows an action it has no sentence for by its id and names', async () => {
    const tools = await toolsFor('en-US');
    const future = { ...entry('profile.create', 'X'), action: 'plugin.future' } as unknown as OperationLogEntry;
    expect(entryText(future, tools)).toBe('plugin.future: X');
  });

  for (const tag of Object.keys(locales)) {
    it(`has a complete sentence for every action in ${tag}`, async () => {
      const tools = await toolsFor(tag);
      for (const action of operationActions.filter((a) => a in sampleDetails)) {
        for (const count of [1, 2, 5]) {
          const details = Object.fromEntries(Object.entries(sampleDetails[action] ?? {}).map(([k, v]) => [k, ['count', 'months', 'profiles', 'days', 'assignments'].includes(k) ? count : v]));
          const text = entryText(entry(action, 'Shop 1', details), tools);
          expect(text, `${tag} ${action}`).not.toMatch(/operlog\.|\{\{|undefined/);
        }
      }
    });
  }
});
