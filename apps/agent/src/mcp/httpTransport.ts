import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { facetMcpServer } from './facetMcpServer.ts';
import { localApiClient } from './localApiClient.ts';
import { ProfileBrowsers } from './pages/profileBrowsers.ts';

/**
 * The MCP server over Streamable HTTP, served at the local API's `/mcp` behind the local API's
 * own guard (Host and Origin of this machine, the Bearer key, the settings' password, no CORS):
 * this handler runs only for requests the guard admitted. Each session (`Mcp-Session-Id`) has its
 * own MCP server and page session; all share this process's browser connections.
 *
 * A session calls the local API as the client that opened it: over the address the request came
 * in on, with the key and password that request carried. So the HTTP server can do nothing its
 * client could not do with the same key, and it needs no key of its own.
 */
export const MCP_PATH = '/mcp';
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Sessions a client forgot to end are dropped oldest first beyond this many. */
const MAX_SESSIONS = 32;

export type McpHttpHandler = ((request: IncomingMessage, response: ServerResponse) => Promise<void>) & { close(): Promise<void> };

export function mcpHttpHandler(options: { version: string }): McpHttpHandler {
  const browsers = new ProfileBrowsers();
  const sessions = new Map<string, StreamableHTTPServerTransport>();

  const openSession = async (request: IncomingMessage) => {
    while (sessions.size >= MAX_SESSIONS) {
      const [oldest, transport] = sessions.entries().next().value!;
      sessions.delete(oldest);
      await transport.close();
    }
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    const server = facetMcpServer({ version: options.version, api: localApiClient(selfUrl(request), credentialsOf(request)), browsers, allowFileWrites: false });
    await server.connect(transport);
    return transport;
  };

  const handler = async (request: IncomingMessage, response: ServerResponse) => {
    const body = request.method === 'POST' ? await readJson(request) : undefined;
    if (body === invalid) return rpcError(response, 400, -32700, 'parse_error');
    const sessionId = request.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (existing) return existing.handleRequest(request, response, body);
    if (sessionId !== undefined) return rpcError(response, 404, -32001, 'session_not_found');
    if (request.method !== 'POST' || !isInitializeRequest(body)) return rpcError(response, 400, -32000, 'session_required');
    return (await openSession(request)).handleRequest(request, response, body);
  };
  return Object.assign(handler, {
    close: async () => {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      await browsers.disconnectAll();
    },
  });
}

/** The local API as reached over the connection this request came in on (whatever address it is bound to). */
function selfUrl(request: IncomingMessage): string {
  const address = request.socket.localAddress ?? '127.0.0.1';
  return `http://${net.isIPv6(address) ? `[${address}]` : address}:${request.socket.localPort}`;
}

function credentialsOf(request: IncomingMessage): { key: string; password?: string } {
  const key = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const password = request.headers['x-api-password'];
  return { key, ...(typeof password === 'string' && password !== '' ? { password } : {}) };
}

const invalid = Symbol('invalid');

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return invalid;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return invalid;
  }
}

function rpcError(response: ServerResponse, status: number, code: number, message: string): void {
  response
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
