import type { ApiClient } from '@facet/api-client';
import {
  UNGROUPED_ID,
  loginCall,
  profileCreateCall,
  registerCall,
  registerCodeCall,
  type Profile,
  type ProfileSettingsInput,
  type SessionGrant,
} from '@facet/contracts';
import { newPerson, solvedCaptcha, type TestServer } from './harness.ts';
import { newAccountRow } from '../src/repositories/accounts.ts';

/** Signs a new person up through the public calls, as the console does. */
export async function signUp(server: TestServer, client: ApiClient = server.client(), person = newPerson()) {
  await client.call(registerCodeCall, { type: 'email', account: person.email, ...(await solvedCaptcha(client)) });
  const grant: SessionGrant = await client.call(registerCall, {
    type: 'email',
    account: person.email,
    username: person.username,
    passwd: person.password,
    code: server.codeFor(person.email),
    agreement: true,
  });
  return { ...person, grant };
}

export async function logIn(server: TestServer, account: string, password: string, isKeep: 0 | 1 = 0) {
  const client = server.client();
  const grant = await client.call(loginCall, { account, passwd: password, isKeep });
  client.adopt(grant);
  return { client, grant };
}

/** Expects the promise to fail with this code; returns the error for more checks. */
export async function refusal(promise: Promise<unknown>, code: number) {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: number; msg?: string; data?: unknown };
    if (e.code === code) return e as { code: number; msg: string; data: unknown };
    throw new Error(`expected code ${code}, got ${e.code}: ${e.msg ?? String(error)}`);
  }
  throw new Error(`expected code ${code}, but the call succeeded`);
}

/** The least a valid profile needs (spec §5 required fields), plus whatever a test sets. */
export function profileSettings(overrides: Partial<ProfileSettingsInput> = {}): ProfileSettingsInput {
  return {
    name: 'Shop one',
    groupId: UNGROUPED_ID,
    os: 'windows',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    resolution: '1920x1080',
    kernelVersion: '156',
    ...overrides,
  };
}

/** A signed-up account with a client that is signed in. */
export async function signedIn(server: TestServer) {
  const person = await signUp(server);
  const client = server.client({ grant: person.grant });
  return { ...person, client };
}

/** Creates profiles one by one through the API; returns their ids. */
export async function createProfiles(client: ApiClient, count: number, overrides: Partial<ProfileSettingsInput> = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { profile } = await client.call(profileCreateCall, { settings: profileSettings({ name: `Profile ${i + 1}`, ...overrides }) });
    ids.push(profile.id);
  }
  return ids;
}

/**
 * A sub-account under a main account, written straight to the accounts table, for tests that
 * need one without signing it in (subAccounts.test.ts covers `subaccount/create` itself).
 */
export async function addSubAccount(server: TestServer, parentId: string): Promise<{ id: string; username: string }> {
  const person = newPerson('sub');
  const now = Date.now();
  const id = `acc_sub_${person.username}`;
  await server.facet.services.repositories.accounts.insert(
    newAccountRow({ id, type: 'sub', parentId, username: person.username, passwordHash: 'not-a-login', invitationCode: person.username.toUpperCase().slice(0, 32), now }),
  );
  return { id, username: person.username };
}

/** The settings an edit form sends back for a profile it read (what `browser/update` takes). */
export function settingsOf(profile: Profile, change: Partial<Profile> = {}) {
  const { id: _id, serial: _s, groupName: _g, createdAt: _c, lastUsedAt: _l, owner: _o, members: _m, sharer: _sh, permission: _p, ...settings } = { ...profile, ...change };
  return settings;
}
