import {
  Code,
  memberCall,
  profileBatchCreateCall,
  profileCreateCall,
  profileDeleteCall,
  profileListCall,
  profileOpenedCall,
  profileLaunchCall,
  profileTransferCall,
  profileUpdateCall,
  recycleRestoreCall,
  subAccountCreateCall,
} from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '../src/config.ts';
import { createProfiles, logIn, profileSettings, refusal, signedIn } from './flows.ts';
import { newPerson, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  // An operator who sells plans: one free profile and no sub-accounts without one.
  server = await startTestServer({ FACET_FREE_PROFILES: '1', FACET_FREE_SUB_ACCOUNTS: '0' });
});
afterAll(() => server.close());

/** A main account on a paid plan with these limits, ending in `ms`. */
async function onPlan(limits: { profiles: number; subAccounts: number }, ms = 30 * 86_400_000) {
  const main = await signedIn(server);
  const { member } = await main.client.call(memberCall, {});
  await server.facet.database.db
    .updateTable('accounts')
    .set({ plan_id: null, plan_profiles: limits.profiles, plan_sub_accounts: limits.subAccounts, plan_expires_at: server.clock.now() + ms })
    .where('id', '=', member.id)
    .execute();
  return { ...main, id: member.id };
}

async function liveCount(client: Awaited<ReturnType<typeof signedIn>>['client']) {
  return (await client.call(profileListCall, { page: 1, limit: 100 })).total;
}

describe('plan limits on the server', () => {
  it('offers 10 profiles and 1 sub-account without a plan on a fresh install; an operator sets more, or -1 for unlimited', () => {
    expect(loadServerConfig({}).freeAllowance).toEqual({ profiles: 10, subAccounts: 1, storageMb: -1 });
    expect(loadServerConfig({ FACET_FREE_PROFILES: '-1', FACET_FREE_SUB_ACCOUNTS: '25' }).freeAllowance).toEqual({ profiles: -1, subAccounts: 25, storageMb: -1 });
    expect(() => loadServerConfig({ FACET_FREE_PROFILES: 'lots' })).toThrow(/FACET_FREE_PROFILES must be a whole number/);
  });

  it('holds an account without a plan to the operator’s free allowance', async () => {
    const main = await signedIn(server);
    await createProfiles(main.client, 1);
    const refused = await refusal(createProfiles(main.client, 1), Code.PROFILE_LIMIT_REACHED);
    expect(refused.data).toMatchObject({ limit: 1, used: 1 });
    await refusal(main.client.call(subAccountCreateCall, { username: newPerson('f').username, password: 'sub password 1' }), Code.SUB_ACCOUNT_LIMIT_REACHED);
  });

  it('counts the sub-accounts’ profiles in the main account’s plan; a batch over the limit creates nothing', async () => {
    const main = await onPlan({ profiles: 3, subAccounts: 1 });
    const subName = newPerson('l').username;
    await main.client.call(subAccountCreateCall, { username: subName, password: 'sub password 1' });
    await refusal(main.client.call(subAccountCreateCall, { username: newPerson('l').username, password: 'sub password 1' }), Code.SUB_ACCOUNT_LIMIT_REACHED);
    const sub = await logIn(server, subName, 'sub password 1');
    await createProfiles(sub.client, 2);
    await refusal(main.client.call(profileBatchCreateCall, { template: { ...profileSettings(), userAgent: undefined, resolution: undefined } as never, count: 2 }), Code.PROFILE_LIMIT_REACHED);
    expect(await liveCount(main.client)).toBe(0);
    await createProfiles(main.client, 1);
    await refusal(createProfiles(sub.client, 1), Code.PROFILE_LIMIT_REACHED);
  });

  it('lets concurrent creations take the last places only once', async () => {
    const main = await onPlan({ profiles: 2, subAccounts: 1 });
    const subs = await Promise.allSettled(
      Array.from({ length: 6 }, () => main.client.call(subAccountCreateCall, { username: newPerson('r').username, password: 'sub password 1' })),
    );
    expect(subs.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of subs) if (r.status === 'rejected') expect((r.reason as { code: number }).code).toBe(Code.SUB_ACCOUNT_LIMIT_REACHED);
    const profiles = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => main.client.call(profileCreateCall, { settings: profileSettings({ name: `Race ${i}` }) })));
    expect(profiles.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(await liveCount(main.client)).toBe(2);
  });

  it('frees room when a profile goes to the bin and refuses a restore beyond the limit', async () => {
    const main = await onPlan({ profiles: 2, subAccounts: 0 });
    const [first] = await createProfiles(main.client, 2);
    await main.client.call(profileDeleteCall, { ids: [first!] });
    await createProfiles(main.client, 1);
    await refusal(main.client.call(recycleRestoreCall, { ids: [first!] }), Code.PROFILE_LIMIT_REACHED);
    expect(await liveCount(main.client)).toBe(2);
  });

  it('refuses a transfer to an account whose plan has no room, naming it', async () => {
    const sender = await onPlan({ profiles: -1, subAccounts: 0 });
    const recipient = await onPlan({ profiles: 1, subAccounts: 0 });
    await createProfiles(recipient.client, 1);
    const ids = await createProfiles(sender.client, 1);
    const refused = await refusal(sender.client.call(profileTransferCall, { ids, account: recipient.username, passwd: sender.password }), Code.PROFILE_LIMIT_REACHED);
    expect(refused.data).toMatchObject({ account: recipient.username, limit: 1 });
    expect(await liveCount(sender.client)).toBe(1);
  });

  it('leaves a team whose plan expired within the free allowance working as a free account would', async () => {
    const main = await onPlan({ profiles: 10, subAccounts: 0 }, 60_000);
    const [id] = await createProfiles(main.client, 1);
    server.clock.advance(120);
    try {
      // Expired, yet not restricted: the console says it goes on as a free team, not that it is stopped.
      expect((await main.client.call(memberCall, {})).member.subscription).toMatchObject({ expired: true, restricted: false });
      // One profile, as a free account may have: it still opens and changes.
      await main.client.call(profileOpenedCall, { id: id! });
      await main.client.call(profileUpdateCall, { id: id!, settings: profileSettings({ name: 'Still mine' }) });
      // A second is beyond the free allowance: refused by its limit, not as an ended plan.
      await refusal(createProfiles(main.client, 1), Code.PROFILE_LIMIT_REACHED);
    } finally {
      server.clock.advance(-120);
    }
  });

  it('restricts the profile functions once the plan expires beyond the free allowance, for the main account and its sub-accounts', async () => {
    // Ending in a minute: sessions outlive it, so the test moves the clock by two.
    const main = await onPlan({ profiles: 10, subAccounts: 2 }, 60_000);
    const subName = newPerson('x').username;
    await main.client.call(subAccountCreateCall, { username: subName, password: 'sub password 1' });
    const sub = await logIn(server, subName, 'sub password 1');
    const [id] = await createProfiles(main.client, 1);
    server.clock.advance(120);
    try {
      const { member } = await main.client.call(memberCall, {});
      expect(member.subscription).toMatchObject({ expired: true, restricted: true });
      expect((await sub.client.call(memberCall, {})).member.subscription).toMatchObject({ expired: true, restricted: true });
      await refusal(createProfiles(main.client, 1), Code.PLAN_EXPIRED);
      await refusal(createProfiles(sub.client, 1), Code.PLAN_EXPIRED);
      await refusal(main.client.call(profileUpdateCall, { id: id!, settings: profileSettings({ name: 'Renamed' }) }), Code.PLAN_EXPIRED);
      await refusal(main.client.call(profileOpenedCall, { id: id! }), Code.PLAN_EXPIRED);
      await refusal(main.client.call(profileLaunchCall, { id: id!, deviceKey: 'A'.repeat(43) }), Code.PLAN_EXPIRED);
      await refusal(main.client.call(subAccountCreateCall, { username: newPerson('x').username, password: 'sub password 1' }), Code.PLAN_EXPIRED);
      // What is there stays visible, and can still be cleared away.
      expect(await liveCount(main.client)).toBe(1);
      await main.client.call(profileDeleteCall, { ids: [id!] });
    } finally {
      server.clock.advance(-120);
    }
    await main.client.call(profileCreateCall, { settings: profileSettings() });
  });
});
