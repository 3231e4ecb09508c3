import { Code, apiMemberCall, apiTokenResetCall, apiTokenViewCall, passwordEditCall } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, refusal, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

/** The console's API token menu: view and reset after re-entering the password (spec §2, §5). */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('API token from the console', () => {
  it('views and resets after the password, shows the token again on view, and the old one stops working', async () => {
    const person = await signedIn(server);
    await refusal(person.client.call(apiTokenViewCall, { passwd: 'not my password' }), Code.WRONG_PASSWORD);
    await refusal(person.client.call(apiTokenResetCall, { passwd: 'not my password' }), Code.WRONG_PASSWORD);
    expect(await person.client.call(apiTokenViewCall, { passwd: person.password })).toEqual({ token: null });

    const first = await person.client.call(apiTokenResetCall, { passwd: person.password });
    expect(first.token).toMatch(/^fct_/);
    expect(first.info.lastUsedAt).toBeNull();
    const script = server.client({ apiToken: first.token });
    expect((await script.call(apiMemberCall, {})).member.email).toBe(person.email);
    const viewed = await person.client.call(apiTokenViewCall, { passwd: person.password });
    expect(viewed.token?.createdAt).toBe(first.info.createdAt);
    expect(viewed.token?.lastUsedAt).not.toBeNull();
    // View shows the token itself (spec §6), kept sealed at rest: neither its text nor a plain copy in the table.
    expect(viewed.token?.token).toBe(first.token);
    const rows = JSON.stringify(await server.facet.database.db.selectFrom('api_tokens').selectAll().execute());
    expect(rows).not.toContain(first.token);

    const second = await person.client.call(apiTokenResetCall, { passwd: person.password });
    expect(second.token).not.toBe(first.token);
    await refusal(script.call(apiMemberCall, {}), Code.API_TOKEN_INVALID);
    expect((await server.client({ apiToken: second.token }).call(apiMemberCall, {})).member.email).toBe(person.email);
  });

  it('ends with a password change: whoever knew the old password may hold the token', async () => {
    const person = await signedIn(server);
    const { token } = await person.client.call(apiTokenResetCall, { passwd: person.password });
    const script = server.client({ apiToken: token });
    await script.call(apiMemberCall, {});
    await person.client.call(passwordEditCall, { old: person.password, passwd: 'a brand new password 9' });
    await refusal(script.call(apiMemberCall, {}), Code.API_TOKEN_INVALID);
    const again = await logIn(server, person.email, 'a brand new password 9');
    expect(await again.client.call(apiTokenViewCall, { passwd: 'a brand new password 9' })).toEqual({ token: null });
  });
});
