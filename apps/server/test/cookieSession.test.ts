import { Code, PUSH_LOGIN_BY_COOKIE, SESSION_MODE_HEADER, loginCall, logoutCall, memberCall, realtimeEvents, refreshCall } from '@facet/contracts';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, signUp } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ FACET_SESSION_TTL_SECONDS: '60', FACET_REFRESH_TTL_SECONDS: '3600', FACET_KEEP_REFRESH_TTL_SECONDS: '86400' });
});
afterAll(() => server.close());

/** A browser's cookie jar for one site, as fetch: it sends what it holds and keeps what it is given (by path). */
function cookieJar() {
  const cookies = new Map<string, { value: string; path: string; attributes: string }>();
  const setCookies: string[] = [];
  const jarFetch: typeof fetch = async (input, init = {}) => {
    const url = new URL(String(input));
    const sent = [...cookies.entries()].filter(([, c]) => url.pathname.startsWith(c.path)).map(([name, c]) => `${name}=${c.value}`);
    const headers = new Headers(init.headers);
    if (sent.length > 0) headers.set('cookie', sent.join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      setCookies.push(line);
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      const path = attributes.find((a) => a.startsWith('Path='))?.slice(5) ?? '/';
      if (/Max-Age=0\b/.test(line)) cookies.delete(name);
      else cookies.set(name, { value, path, attributes: attributes.join('; ') });
    }
    return response;
  };
  return { fetch: jarFetch, cookies, setCookies };
}

describe('the browser version\'s session in HttpOnly cookies', () => {
  it('signs in with the token and refresh credential in HttpOnly, SameSite=Strict cookies, and none in the answer', async () => {
    const person = await signUp(server);
    const jar = cookieJar();
    const client = server.client({ fetch: jar.fetch, cookieSession: 'cookie' });
    const grant = await client.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 });
    expect([grant.auth, grant.refresh]).toEqual(['', '']);
    expect(grant.expiresAt).toBeGreaterThan(Date.now());
    const session = jar.cookies.get('facet_session')!;
    const refresh = jar.cookies.get('facet_refresh')!;
    expect(session.value).toMatch(/\S{20,}/);
    expect(session.attributes).toMatch(/^Path=\/; HttpOnly; SameSite=Strict$/);
    expect(refresh.attributes).toMatch(/^Path=\/v2\/web\/auth\/refresh; HttpOnly; SameSite=Strict$/);
    client.adopt(grant);
    expect((await client.call(memberCall, {})).member.email).toBe(person.email);
  });

  it('keeps the cookies past the browser\'s close only with keep-me-signed-in', async () => {
    const person = await signUp(server);
    const jar = cookieJar();
    await server.client({ fetch: jar.fetch, cookieSession: 'cookie' }).call(loginCall, { account: person.email, passwd: person.password, isKeep: 1 });
    const maxAge = Number(/Max-Age=(\d+)/.exec(jar.cookies.get('facet_refresh')!.attributes)?.[1]);
    expect(maxAge).toBeGreaterThan(80_000);
    expect(jar.cookies.get('facet_session')!.attributes).toContain(`Max-Age=${maxAge}`);
  });

  it('reads the cookie only for a call that says it is a cookie session (a page of another site cannot say so)', async () => {
    const person = await signUp(server);
    const jar = cookieJar();
    const client = server.client({ fetch: jar.fetch, cookieSession: 'cookie' });
    client.adopt(await client.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 }));
    // The same jar, the header left out: the cookie alone authorizes nothing.
    const withoutHeader = server.client({ fetch: jar.fetch, grant: { auth: '', refresh: '', expiresAt: 0, refreshExpiresAt: 0 } });
    await refusal(withoutHeader.call(memberCall, {}), Code.SESSION_EXPIRED);
    // The header without the cookie: nothing either.
    await refusal(server.client({ cookieSession: 'cookie', grant: { auth: '', refresh: '', expiresAt: 0, refreshExpiresAt: 0 } }).call(memberCall, {}), Code.SESSION_EXPIRED);
  });

  it('renews silently from the refresh cookie, and the spent one is refused', async () => {
    const person = await signUp(server);
    const jar = cookieJar();
    const client = server.client({ fetch: jar.fetch, cookieSession: 'cookie' });
    client.adopt(await client.call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 }));
    const firstRefresh = jar.cookies.get('facet_refresh')!.value;
    const firstToken = jar.cookies.get('facet_session')!.value;
    server.clock.advance(61);
    try {
      // 886, one refresh through the cookie, and the call again: the person notices nothing.
      expect((await client.call(memberCall, {})).member.email).toBe(person.email);
    } finally {
      server.clock.advance(-61);
    }
    expect(jar.cookies.get('facet_refresh')!.value).not.toBe(firstRefresh);
    expect(jar.cookies.get('facet_session')!.value).not.toBe(firstToken);
    expect(client.credentials.load()).toMatchObject({ auth: '', refresh: '' });
    // The refresh credential the renewal spent, presented again (past the two-tab grace), is refused.
    server.clock.advance(11);
    try {
      await refusal(server.client({ fetch: async (input, init = {}) => fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), cookie: `facet_refresh=${firstRefresh}` } }), cookieSession: 'cookie' }).call(refreshCall, { refresh: '' }), Code.REFRESH_INVALID);
    } finally {
      server.clock.advance(-11);
    }
  });

  it('signs out by clearing both cookies', async () => {
    const person = await signUp(server);
    const jar = cookieJar();
    const client = server.client({ fetch: jar.fetch, cookieSession: 'cookie' });
    client.adopt(await client.call(loginCall, { account: person.email, passwd: person.password, isKeep: 1 }));
    await client.call(logoutCall, {});
    expect(jar.setCookies.slice(-2).every((line) => /Max-Age=0/.test(line))).toBe(true);
    expect(jar.cookies.size).toBe(0);
  });

  it('logs the push channel in with the cookie its handshake carried', async () => {
    const person = await signUp(server);
    const jar = cookieJar();
    await server.client({ fetch: jar.fetch, cookieSession: 'cookie' }).call(loginCall, { account: person.email, passwd: person.password, isKeep: 0 });
    const login = async (cookie: string | null) => {
      const socket = io(server.baseUrl, { path: '/socket.io', transports: ['websocket'], forceNew: true, ...(cookie ? { extraHeaders: { cookie } } : {}) });
      try {
        await new Promise((resolve, reject) => socket.once('connect', () => resolve(null)).once('connect_error', reject));
        return ((await socket.timeout(5000).emitWithAck(realtimeEvents.login, { auth: PUSH_LOGIN_BY_COOKIE })) as { code: number }).code;
      } finally {
        socket.close();
      }
    };
    expect(await login(`facet_session=${jar.cookies.get('facet_session')!.value}`)).toBe(Code.OK);
    expect(await login(null)).toBe(Code.SESSION_EXPIRED);
    expect(await login('facet_session=s_forged')).toBe(Code.SESSION_EXPIRED);
  });

  it('is no way in for the API\'s header on a cross-site request: CORS does not allow it', async () => {
    const preflight = await fetch(`${server.baseUrl}/v2/web/${memberCall.path}`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': `content-type,${SESSION_MODE_HEADER}` } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
