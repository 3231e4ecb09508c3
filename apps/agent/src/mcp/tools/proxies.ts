import { z } from 'zod';
import { ids, page, shortText } from './limits.ts';
import type { LocalApiTool } from './localApiTool.ts';

/** AdsPower's saved-proxy tools, on the local API's `/api/v2/proxy-list/*` paths. */
const proxyFields = {
  type: z.enum(['http', 'https', 'ssh', 'socks5']),
  host: shortText(255).min(1).describe('IPv4, IPv6 or a host name'),
  port: z.string().regex(/^\d{1,5}$/).describe('e.g. "8000"'),
  user: shortText(255).optional(),
  password: shortText(255).optional(),
  proxy_url: shortText(2048).optional().describe('A URL that changes the proxy\'s exit IP'),
  remark: shortText(1500).optional(),
  ipchecker: z.enum(['ip2location', 'ipapi', 'ipfoxy']).optional(),
};

export const proxyTools: readonly LocalApiTool[] = [
  {
    name: 'create-proxy',
    description: 'Save proxies for profiles to use (proxyid). Answers their ids.',
    method: 'POST',
    path: '/api/v2/proxy-list/create',
    input: { proxies: z.array(z.object(proxyFields).strict()).min(1).max(100) },
    // AdsPower's path takes the list itself as the body; the tool wraps it because MCP input is an object.
    request: (input) => input.proxies,
  },
  {
    name: 'update-proxy',
    description: 'Change the given fields of a saved proxy.',
    method: 'POST',
    path: '/api/v2/proxy-list/update',
    input: { proxy_id: shortText(64).min(1), ...Object.fromEntries(Object.entries(proxyFields).map(([name, field]) => [name, field.optional()])) },
  },
  {
    name: 'get-proxy-list',
    description: 'The saved proxies (never their passwords).',
    method: 'POST',
    path: '/api/v2/proxy-list/list',
    input: { limit: z.number().int().min(1).max(200).optional(), page, proxy_id: ids(100).optional() },
  },
  { name: 'delete-proxy', description: 'Delete saved proxies.', method: 'POST', path: '/api/v2/proxy-list/delete', input: { proxy_id: ids(100) } },
];
