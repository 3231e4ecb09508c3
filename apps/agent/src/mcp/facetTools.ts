import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { LocalApiAnswer, LocalApiClient } from './localApiClient.ts';

/**
 * The local API's operations as MCP tools: list, create, update, start, stop, check, cookies.
 * Each tool is one local API call (AdsPower's paths, docs/local-api.md); its answer's `data` is
 * the tool's result, a refusal (`code` non-zero) an error result naming the local API's stable
 * `msg`, so an agent model can branch on it as a script would.
 */
const profileId = z.string().min(1).max(64).describe("The profile's id (user_id)");

function result(answer: LocalApiAnswer) {
  if (answer.code !== 0) {
    return { isError: true, content: [{ type: 'text' as const, text: JSON.stringify({ error: answer.msg, ...(answer.data === undefined ? {} : { detail: answer.data }) }) }] };
  }
  return { content: [{ type: 'text' as const, text: JSON.stringify(answer.data ?? null) }] };
}

export function registerFacetTools(server: McpServer, api: LocalApiClient): void {
  server.registerTool(
    'list_profiles',
    {
      description: "List the account's browser profiles (id, number, name, group, proxy host; never proxy credentials).",
      inputSchema: { page: z.number().int().min(1).optional(), page_size: z.number().int().min(1).max(100).optional(), group_id: z.string().optional() },
    },
    async ({ page, page_size, group_id }) => result(await api.get('/api/v1/user/list', { page, page_size, group_id })),
  );
  server.registerTool(
    'create_profile',
    {
      description: 'Create a profile on a generated fingerprint. Optional: group, start page, user agent (its OS follows), proxy.',
      inputSchema: {
        name: z.string().min(1).max(100),
        group_id: z.string().optional(),
        remark: z.string().max(1500).optional(),
        start_page: z.string().url().optional().describe('Opened when the profile starts'),
        user_agent: z.string().optional(),
        proxy: z
          .object({ type: z.enum(['http', 'https', 'socks5']), host: z.string(), port: z.number().int().min(1).max(65535), username: z.string().optional(), password: z.string().optional() })
          .optional(),
      },
    },
    async (input) =>
      result(
        await api.post('/api/v2/browser-profile/create', {
          name: input.name,
          group_id: input.group_id ?? '0',
          ...(input.remark ? { remark: input.remark } : {}),
          ...(input.start_page ? { platform: input.start_page } : {}),
          ...(input.user_agent ? { fingerprint_config: { ua: input.user_agent } } : {}),
          user_proxy_config: input.proxy
            ? { proxy_soft: 'other', proxy_type: input.proxy.type, proxy_host: input.proxy.host, proxy_port: String(input.proxy.port), proxy_user: input.proxy.username ?? '', proxy_password: input.proxy.password ?? '' }
            : { proxy_soft: 'no_proxy' },
        }),
      ),
  );
  server.registerTool(
    'update_profile',
    {
      description: "Change a profile's name, remark, group or start page; what is not given stays.",
      inputSchema: { profile_id: profileId, name: z.string().min(1).max(100).optional(), remark: z.string().max(1500).optional(), group_id: z.string().optional(), start_page: z.string().url().optional() },
    },
    async ({ profile_id, name, remark, group_id, start_page }) =>
      result(await api.post('/api/v2/browser-profile/update', { profile_id, ...(name ? { name } : {}), ...(remark !== undefined ? { remark } : {}), ...(group_id ? { group_id } : {}), ...(start_page ? { platform: start_page } : {}) })),
  );
  server.registerTool(
    'start_profile',
    {
      description: "Open the profile's browser on this machine (or get the one running). Answers ws.puppeteer, a DevTools WebSocket for Puppeteer or Playwright.",
      inputSchema: { profile_id: profileId, headless: z.boolean().optional() },
    },
    async ({ profile_id, headless }) => result(await api.get('/api/v1/browser/start', { user_id: profile_id, headless: headless ? 1 : undefined })),
  );
  server.registerTool(
    'stop_profile',
    { description: "Close the profile's browser; its cookies are saved as its sync options say.", inputSchema: { profile_id: profileId } },
    async ({ profile_id }) => result(await api.get('/api/v1/browser/stop', { user_id: profile_id })),
  );
  server.registerTool(
    'check_profile',
    {
      description: 'Open the fingerprint check page in the profile (starting it if needed): what sites see, against what the profile should show.',
      inputSchema: { profile_id: profileId, lang: z.string().max(10).optional().describe('A locale tag, e.g. en-US or de') },
    },
    async ({ profile_id, lang }) => result(await api.get('/api/v1/browser/check', { profile_id, lang })),
  );
  server.registerTool(
    'get_cookies',
    { description: "The profile's cookies: from its running browser, else as stored.", inputSchema: { profile_id: profileId } },
    async ({ profile_id }) => result(await api.get('/api/v2/browser-profile/cookies', { profile_id })),
  );
}
