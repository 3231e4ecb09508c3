import os from 'node:os';
import path from 'node:path';

export interface AgentConfig {
  /** The agent listens on 127.0.0.1 only: it serves a page holding the bridge secret. */
  port: number;
  /**
   * FACET_SERVER_URL: the server, fixed. Unset: the one the person named at first start (kept in
   * the data folder, core/serverLink.ts), asked for until then.
   */
  serverUrl: string | null;
  dataDir: string;
  consoleDir: string;
  /** Open the console in a Chromium app window when a display exists. */
  appWindow: boolean;
  version: string;
  /**
   * Local automation API port: FACET_LOCAL_API_PORT (which also turns the API on), else the local
   * settings (default 50325). The override holds until automation is changed in the local settings.
   */
  localApiPort: number | null;
  localApiKey: string | undefined;
  /** The account the agent acts as when no console is signed in. */
  apiToken: string | undefined;
  /** Asked through a profile's proxy before launch, to learn its exit address. */
  ipCheckUrl: string;
  /** Tests: every profile browser resolves nothing but loopback (architecture, testing). */
  loopbackOnly: boolean;
  /** FACET_DEVICE_NAME, else the host name: what the team sees as "running on …". */
  deviceName: string;
  /**
   * Copies of the installed Chromium that report another platform (browser/machine/platformBuild.ts):
   * FACET_PLATFORM_BUILDS_DIR, else the user's cache, shared by every agent of this user.
   */
  platformBuildsDir: string;
}

const DEFAULT_AGENT_PORT = 8481;

function port16(value: string, name: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return port;
}

/**
 * The address as the person typed it, made into the base URL calls go to: a missing scheme is
 * http (a team's server on the LAN: "192.168.1.5:8480"); only http and https; no credentials,
 * query or fragment (nothing of them would reach the API); no trailing slash. Null: no such address.
 */
export function serverBaseUrl(input: string): string | null {
  const trimmed = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password || url.search || url.hash) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function serverUrlFrom(value: string): string {
  const url = serverBaseUrl(value);
  if (url === null) throw new Error(`FACET_SERVER_URL must be an http or https address, got "${value}"`);
  return url;
}

/** The user's cache of platform builds, which every agent (and test) of this user shares. */
export function platformBuildsCache(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'facet', 'platform-builds');
}

export function loadAgentConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AgentConfig {
  const port = env.FACET_AGENT_PORT ? port16(env.FACET_AGENT_PORT, 'FACET_AGENT_PORT') : DEFAULT_AGENT_PORT;
  const dataRoot = path.resolve(cwd, env.FACET_DATA_DIR || 'data');
  return {
    port,
    serverUrl: env.FACET_SERVER_URL ? serverUrlFrom(env.FACET_SERVER_URL) : null,
    dataDir: path.resolve(cwd, env.FACET_AGENT_DATA_DIR || path.join(dataRoot, 'agent')),
    consoleDir: path.resolve(cwd, env.FACET_CONSOLE_DIR || 'apps/console/dist'),
    appWindow: env.FACET_APP_WINDOW !== '0' && Boolean(env.DISPLAY || env.WAYLAND_DISPLAY),
    version: env.FACET_CLIENT_VERSION || env.npm_package_version || '0.1.0',
    localApiPort: env.FACET_LOCAL_API_PORT ? port16(env.FACET_LOCAL_API_PORT, 'FACET_LOCAL_API_PORT') : null,
    localApiKey: env.FACET_LOCAL_API_KEY || undefined,
    apiToken: env.FACET_API_TOKEN || undefined,
    ipCheckUrl: env.FACET_IP_CHECK_URL || 'https://api.ipify.org/?format=json',
    loopbackOnly: env.FACET_BROWSER_LOOPBACK_ONLY === '1',
    // The server takes up to 64 characters of it.
    deviceName: (env.FACET_DEVICE_NAME || os.hostname() || 'computer').trim().slice(0, 64) || 'computer',
    platformBuildsDir: path.resolve(cwd, env.FACET_PLATFORM_BUILDS_DIR || platformBuildsCache(env)),
  };
}

/** The agent as a host of its team (host mode, `npm run host`): what it reads besides the agent's own. */
export interface HostConfig extends Pick<AgentConfig, 'dataDir' | 'ipCheckUrl' | 'loopbackOnly' | 'platformBuildsDir' | 'version'> {
  /** FACET_SERVER_URL: required, the team's server. */
  serverUrl: string;
  /** FACET_HOST_CODE: the one-time code to join with; needed only while no token is saved. */
  hostCode: string | undefined;
  /** FACET_HOST_NAME, else the host name: what the team sees. */
  hostName: string;
}

export function loadHostConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): HostConfig {
  if (!env.FACET_SERVER_URL) throw new Error('host mode needs FACET_SERVER_URL: the address of the team\'s server');
  const agent = loadAgentConfig(env, cwd);
  return {
    serverUrl: serverUrlFrom(env.FACET_SERVER_URL),
    dataDir: agent.dataDir,
    ipCheckUrl: agent.ipCheckUrl,
    loopbackOnly: agent.loopbackOnly,
    platformBuildsDir: agent.platformBuildsDir,
    version: agent.version,
    hostCode: env.FACET_HOST_CODE?.trim().toUpperCase() || undefined,
    // The server takes up to 64 characters of it.
    hostName: (env.FACET_HOST_NAME || os.hostname() || 'host').trim().slice(0, 64) || 'host',
  };
}
