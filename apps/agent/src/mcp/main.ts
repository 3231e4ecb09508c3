import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadAgentConfig } from '../config.ts';
import { readOrCreateLocalApiKey } from '../storage/localApiKey.ts';
import { facetMcpServer } from './facetMcpServer.ts';
import { localApiClient } from './localApiClient.ts';
import { ProfileBrowsers } from './pages/profileBrowsers.ts';

/**
 * `npm run facet -- mcp`: an MCP server on stdio for AI agents, over the desktop agent's local
 * automation API. It reaches the agent at FACET_LOCAL_API_URL (default: this machine's
 * FACET_LOCAL_API_PORT, else 50325) with the agent's key (FACET_LOCAL_API_KEY, else the key file
 * in the agent's folder) and FACET_LOCAL_API_PASSWORD when the settings set one. The agent must
 * be running; this process holds only its connections to profiles' browsers. Stdout is the
 * protocol: logs go to stderr. (The same tools are served over HTTP at the local API's /mcp.)
 */
const config = loadAgentConfig();
const baseUrl = process.env.FACET_LOCAL_API_URL || `http://127.0.0.1:${config.localApiPort ?? 50325}`;
const { key } = readOrCreateLocalApiKey(config.dataDir, config.localApiKey);
const password = process.env.FACET_LOCAL_API_PASSWORD || undefined;
const browsers = new ProfileBrowsers();
const server = facetMcpServer({ version: config.version, api: localApiClient(baseUrl, { key, ...(password ? { password } : {}) }), browsers, allowFileWrites: true });
// The host ends the session by closing stdin: leave the profiles' browsers running, only disconnect.
server.server.onclose = () => void browsers.disconnectAll().finally(() => process.exit(0));
await server.connect(new StdioServerTransport());
process.stderr.write(`Facet MCP server on stdio, using the local API at ${baseUrl}\n`);
