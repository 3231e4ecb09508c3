import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { LocalApiClient } from './localApiClient.ts';
import { PageSession } from './pages/pageSession.ts';
import type { ProfileBrowsers } from './pages/profileBrowsers.ts';
import { applicationTools } from './tools/applications.ts';
import { browserTools, facetTools } from './tools/browsers.ts';
import { groupTools } from './tools/groups.ts';
import { kernelTools } from './tools/kernels.ts';
import { registerLocalApiTools } from './tools/localApiTool.ts';
import { registerPageTools } from './tools/pages.ts';
import { proxyTools } from './tools/proxies.ts';
import { synchronizerTools } from './tools/synchronizer.ts';
import { tagTools } from './tools/tags.ts';

/**
 * One MCP session's server: AdsPower's MCP tool set (each a local API call, or a page action on
 * a profile's browser) and Facet's check_profile. A session over stdio is the whole process; over
 * HTTP each session gets its own server and page session, and all share the process's browser
 * connections.
 */
export interface FacetMcpServerOptions {
  version: string;
  api: LocalApiClient;
  browsers: ProfileBrowsers;
  allowFileWrites: boolean;
}

export const localApiTools = [...browserTools, ...facetTools, ...groupTools, ...applicationTools, ...proxyTools, ...tagTools, ...kernelTools, ...synchronizerTools];

export function facetMcpServer(options: FacetMcpServerOptions): McpServer {
  const server = new McpServer({ name: 'facet', version: options.version });
  registerLocalApiTools(server, options.api, localApiTools);
  registerPageTools(server, new PageSession(options.browsers, options.api), { allowFileWrites: options.allowFileWrites });
  return server;
}
