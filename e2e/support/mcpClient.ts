import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

/**
 * An MCP client connected over stdio to `facet mcp` (scripts/facet.mjs) as an AI agent's host
 * starts it, pointed at a running agent's local API with its key.
 */
export async function stdioMcpClient(agent: { baseUrl: string; key: string }): Promise<Client> {
  const client = new Client({ name: 'facet-e2e', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(import.meta.dirname, '../../scripts/facet.mjs'), 'mcp'],
      env: { ...(process.env as Record<string, string>), FACET_LOCAL_API_URL: agent.baseUrl, FACET_LOCAL_API_KEY: agent.key },
      stderr: 'pipe',
    }),
  );
  return client;
}
