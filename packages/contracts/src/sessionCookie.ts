/**
 * The browser version keeps its session in HttpOnly cookies, out of reach of any script in the
 * page. A call says it is such a session with this header (a page of another site cannot send a
 * custom header without a preflight, which CORS refuses): the server then reads the session
 * token and the refresh credential from the cookies, writes new ones with every grant, and
 * answers grants with both left empty. `cookie-keep` keeps them past the browser's close ("keep
 * me signed in"); `cookie` makes them end with it. The push channel logs in with
 * PUSH_LOGIN_BY_COOKIE, and the server reads the cookie its handshake carried.
 *
 * The desktop client keeps its own model: it hands the token to the agent, which launches
 * profiles as its user.
 */
export const SESSION_MODE_HEADER = 'x-facet-session';
export const sessionModes = { cookie: 'cookie', cookieKeep: 'cookie-keep' } as const;

export const SESSION_COOKIE = 'facet_session';
export const REFRESH_COOKIE = 'facet_refresh';
export const PUSH_LOGIN_BY_COOKIE = 'cookie';
