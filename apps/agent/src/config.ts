import path from 'node:path';

export interface AgentConfig {
  /** The agent listens on 127.0.0.1 only: it serves a page holding the bridge secret. */
  port: number;
  serverUrl: string;
  dataDir: string;
  consoleDir: string;
  /** Open the console in a Chromium app window when a display exists. */
  appWindow: boolean;
  version: string;
}

export const DEFAULT_AGENT_PORT = 8481;

export function loadAgentConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AgentConfig {
  const port = env.FACET_AGENT_PORT ? Number(env.FACET_AGENT_PORT) : DEFAULT_AGENT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`FACET_AGENT_PORT must be a port number, got "${env.FACET_AGENT_PORT}"`);
  const dataRoot = path.resolve(cwd, env.FACET_DATA_DIR || 'data');
  return {
    port,
    serverUrl: (env.FACET_SERVER_URL || `http://127.0.0.1:${env.FACET_SERVER_PORT || 8480}`).replace(/\/+$/, ''),
    dataDir: path.resolve(cwd, env.FACET_AGENT_DATA_DIR || path.join(dataRoot, 'agent')),
    consoleDir: path.resolve(cwd, env.FACET_CONSOLE_DIR || 'apps/console/dist'),
    appWindow: env.FACET_APP_WINDOW !== '0' && Boolean(env.DISPLAY || env.WAYLAND_DISPLAY),
    version: env.npm_package_version || '0.1.0',
  };
}
