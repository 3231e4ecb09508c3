import { memberCall } from '@facet/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

const started: TestServer[] = [];
afterAll(() => Promise.all(started.map((s) => s.close())));

describe('migrations', () => {
  // On PostgreSQL each server gets its own schema in one database; Kysely's bookkeeping tables
  // in one schema must not make another server skip creating its own.
  it('bring up several servers side by side, each with its own working tables', async () => {
    const servers = await Promise.all([startTestServer(), startTestServer(), startTestServer()]);
    started.push(...servers);
    for (const server of servers) {
      const person = await signUp(server);
      const client = server.client({ grant: person.grant });
      const member = await client.call(memberCall, {});
      expect(member.member.email).toBe(person.email);
    }
  });
});
