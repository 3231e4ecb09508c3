import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { z } from 'zod';
import type { LocalApiClient } from '../localApiClient.ts';
import { localApiResult } from '../toolResults.ts';

/**
 * A tool that is one call of the local API: AdsPower's tool name and parameters, sent unchanged
 * to the path of the same AdsPower name (a GET as its query, a POST as its body), so a model
 * taught AdsPower's MCP server finds the same tools here and a script's docs apply to both.
 */
export interface LocalApiTool {
  name: string;
  description: string;
  method: 'GET' | 'POST';
  path: string;
  input: z.ZodRawShape;
  /** What the local API receives when it is not the input as given (create-proxy sends its list alone). */
  request?: (input: Record<string, unknown>) => unknown;
}

export function registerLocalApiTools(server: McpServer, api: LocalApiClient, tools: readonly LocalApiTool[]): void {
  for (const tool of tools) {
    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.input }, async (input: Record<string, unknown>) =>
      localApiResult(await api.call(tool.method, tool.path, tool.request ? tool.request(input) : input)),
    );
  }
}
