import { z } from 'zod';
import { isHostOrAddress, parseProxyLine } from '../validation.ts';

export const proxyTypes = ['none', 'http', 'https', 'socks5'] as const;
export type ProxyType = (typeof proxyTypes)[number];

/**
 * A profile's proxy. `direct` is the "no proxy, go out on this machine's own address" choice made
 * on purpose; `none` with direct=false is simply "not configured yet" and also launches direct.
 * Host and port are required once a type is chosen (spec §5).
 */
export const proxySchema = z
  .object({
    type: z.enum(proxyTypes).default('none'),
    host: z.string().trim().max(255).default(''),
    port: z.number().int().min(0).max(65535).default(0),
    username: z.string().max(255).default(''),
    password: z.string().max(255).default(''),
    /** ISO 3166-1 alpha-2 country the user expects the exit in; informative. */
    country: z.string().max(2).default(''),
    direct: z.boolean().default(false),
  })
  .superRefine((proxy, ctx) => {
    if (proxy.type === 'none') return;
    if (proxy.host === '') ctx.addIssue({ code: 'custom', path: ['host'], message: 'validation.proxy.hostRequired' });
    else if (!isHostOrAddress(proxy.host)) ctx.addIssue({ code: 'custom', path: ['host'], message: 'validation.proxyHost' });
    if (proxy.port < 1) ctx.addIssue({ code: 'custom', path: ['port'], message: 'validation.proxy.port' });
  });
export type Proxy = z.output<typeof proxySchema>;

/** The proxy as lists and shared recipients see it: never the password. */
export const proxySummarySchema = z.object({
  type: z.enum(proxyTypes),
  host: z.string(),
  port: z.number().int(),
  country: z.string(),
  direct: z.boolean(),
  hasCredentials: z.boolean(),
});
export type ProxySummary = z.infer<typeof proxySummarySchema>;

/**
 * Many lines pasted at once (one proxy per profile in a batch). Each line goes through the same
 * parser as the single paste box; the first bad line is named by its 1-based number.
 */
export function parseProxyLines(
  text: string,
  defaultType: Exclude<ProxyType, 'none'> = 'http',
): { proxies: Proxy[]; error: { line: number; key: string } | null } {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const proxies: Proxy[] = [];
  for (const [index, line] of lines.entries()) {
    if (line === '') continue;
    const { proxy, error } = parseProxyLine(line);
    if (!proxy) return { proxies: [], error: { line: index + 1, key: error ?? 'validation.proxy.format' } };
    proxies.push({
      type: proxy.scheme ?? defaultType,
      host: proxy.host,
      port: proxy.port,
      username: proxy.user ?? '',
      password: proxy.password ?? '',
      country: '',
      direct: false,
    });
  }
  if (proxies.length === 0) return { proxies: [], error: { line: 1, key: 'validation.proxy.empty' } };
  return { proxies, error: null };
}
