import { Code, apiMemberCall, graphicsReportCall, memberCall } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, refusal, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { operatorCli } from './support/operatorCli.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Runs the real CLI in its own process, against the running server's data. */
const cli = (...args: string[]) => operatorCli(server)(...args);

describe('operator CLI', () => {
  it('creates a verified main account that can sign in at once, while the server runs', async () => {
    const result = await cli('admin', 'create-user', '--email', 'Operator.Made@example.test', '--password', 'operator password');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/created main account acc_\S+ operator.made@example.test/);
    const { client } = await logIn(server, 'operator.made@example.test', 'operator password');
    const { member } = await client.call(memberCall, {});
    expect(member.type).toBe('main');
  });

  it('sums up the graphics the consoles reported, most common first', async () => {
    const gpu = (renderer: string) => ({ vendor: 'WebKit', renderer: 'WebKit WebGL', unmaskedVendor: 'Google Inc.', unmaskedRenderer: renderer, version: 'WebGL 1.0', shadingLanguageVersion: 'GLSL ES 1.0', maxTextureSize: 16384 });
    for (const renderer of ['ANGLE (Intel, Iris Xe)', 'ANGLE (NVIDIA, RTX 3060)', 'ANGLE (NVIDIA, RTX 3060)']) {
      const person = await signedIn(server);
      await person.client.call(graphicsReportCall, { screenResolution: '1920x1080', devicePixelRatio: 1, userAgent: 'x', webgldata: gpu(renderer) });
    }
    const result = await cli('admin', 'graphics');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.slice(1, 3)).toEqual(['2\tANGLE (NVIDIA, RTX 3060)', '1\tANGLE (Intel, Iris Xe)']);
    expect(result.stdout).toContain('3\t1920x1080 @1');
  });

  it('lists users', async () => {
    await cli('admin', 'create-user', '--email', 'listed@example.test', '--password', 'listed password', '--username', 'listed_one');
    const result = await cli('admin', 'list-users');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('listed@example.test');
    expect(result.stdout).toContain('listed_one');
    expect(result.stdout).toMatch(/\d+ account\(s\)/);
  });

  it('prints an API token that works on /v2/api/ and replaces the previous one', async () => {
    await cli('admin', 'create-user', '--email', 'scripter@example.test', '--password', 'scripter password');
    const first = (await cli('admin', 'api-token', '--email', 'scripter@example.test')).stdout.trim();
    expect(first).toMatch(/^fct_[\w-]{43}$/);
    const { member } = await server.client({ apiToken: first }).call(apiMemberCall, {});
    expect(member.email).toBe('scripter@example.test');
    const second = (await cli('admin', 'api-token', '--email', 'scripter@example.test')).stdout.trim();
    expect(second).not.toBe(first);
    await refusal(server.client({ apiToken: first }).call(apiMemberCall, {}), Code.API_TOKEN_INVALID);
    const rows = JSON.stringify(await server.facet.database.db.selectFrom('api_tokens').selectAll().execute());
    expect(rows).not.toContain(second);
  });

  it('prints usage and exits 2 on bad arguments, changing nothing', async () => {
    const before = (await cli('admin', 'list-users')).stdout;
    for (const args of [[], ['admin'], ['admin', 'nope'], ['admin', 'create-user', '--email'], ['admin', 'create-user', '--email', 'x@example.test'], ['admin', 'create-user', '--email', 'bad', '--password', 'long enough'], ['admin', 'create-user', '--email', 'ok@example.test', '--password', 'short'], ['admin', 'api-token', '--email', 'nobody@example.test'], ['admin', 'list-users', '--limit', 'zero'], ['admin', 'create-user', '--bogus', 'x']]) {
      const result = await cli(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('npm run facet -- admin create-user');
    }
    expect((await cli('admin', 'list-users')).stdout).toBe(before);
    // Twelve CLI processes, each starting TypeScript (~1.5 s on an idle 2-core machine).
  }, 120_000);

  it('refuses a duplicate e-mail with exit 2', async () => {
    await cli('admin', 'create-user', '--email', 'twice@example.test', '--password', 'twice password');
    const again = await cli('admin', 'create-user', '--email', 'twice@example.test', '--password', 'twice password');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already registered');
  });
});
