import { z } from 'zod';
import { isHostOrAddress } from '../validation.ts';
import { intField, listField, localIdField } from './fields.ts';

/**
 * AdsPower's proxy-list paths over the account's saved proxies. AdsPower's types are http,
 * https, ssh and socks5; Facet has no ssh proxy, so ssh (or any other name) is refused with
 * `proxy_type_unsupported` rather than kept as something else.
 */
const facetProxyTypes = ['http', 'https', 'socks5'] as const;
const proxyTypeField = z
  .string()
  .refine((type): type is (typeof facetProxyTypes)[number] => (facetProxyTypes as readonly string[]).includes(type), { message: 'proxy_type_unsupported' })
  .transform((type) => type as (typeof facetProxyTypes)[number]);

const hostField = z.string().trim().min(1).max(255).refine(isHostOrAddress, { message: 'proxy_host_invalid' });

/**
 * `proxy_url` (AdsPower's IP-refresh address) and `ipchecker` are accepted and not kept: Facet
 * refreshes no proxy and checks exits with its own service. The list answers them as ''.
 */
const acceptedOnly = {
  proxy_url: z.string().max(600).optional(),
  ipchecker: z.enum(['ipinfo', 'ip2location', 'ipapi', 'ipfoxy']).optional(),
};

const proxyFields = {
  host: hostField,
  port: intField(1, 65535),
  user: z.string().max(255).optional(),
  password: z.string().max(255).optional(),
  remark: z.string().trim().max(200).optional(),
  ...acceptedOnly,
};

/** `POST /api/v2/proxy-list/create`: a top-level array of proxies, all kept or none (at most 100 a request). */
export const proxyCreateBodySchema = z.array(z.object({ type: proxyTypeField, ...proxyFields })).min(1).max(100);
export const proxyCreatedSchema = z.object({ proxy_id: z.array(z.string()) });

/** `POST /api/v2/proxy-list/update`: the fields given change, the rest stays (and every profile using the proxy follows). */
export const proxyUpdateBodySchema = z.object({
  proxy_id: localIdField,
  type: proxyTypeField.optional(),
  ...Object.fromEntries(Object.entries(proxyFields).map(([name, field]) => [name, field.optional()])),
}) as z.ZodType<{ proxy_id: string; type?: 'http' | 'https' | 'socks5' } & Partial<z.output<z.ZodObject<typeof proxyFields>>>>;

/** `POST /api/v2/proxy-list/list`: `limit` 1–200 (50 when left out), optionally only the proxies named by `proxy_id`. */
export const proxyListBodySchema = z.object({
  page: intField(1, 1_000_000).optional(),
  limit: intField(1, 200).optional(),
  proxy_id: listField(localIdField, 100).optional(),
});

/**
 * A saved proxy by AdsPower's names. `password` is always '' — a list never carries a proxy's
 * password (AdsPower's does); `has_password` says whether one is kept.
 */
export const adsProxySchema = z.object({
  proxy_id: z.string(),
  type: z.string(),
  host: z.string(),
  port: z.string(),
  user: z.string(),
  password: z.literal(''),
  has_password: z.boolean(),
  proxy_url: z.literal(''),
  remark: z.string(),
  ipchecker: z.literal(''),
  ip_country: z.string(),
  profile_count: z.number().int(),
  created_time: z.string(),
});
export const proxyListSchema = z.object({ list: z.array(adsProxySchema), page: z.number().int(), limit: z.number().int(), total: z.number().int() });

/** `POST /api/v2/proxy-list/delete`: 1–100 proxies, all or none; profiles that used them keep their proxy settings. */
export const proxyDeleteBodySchema = z.object({ proxy_id: listField(localIdField, 100).pipe(z.array(z.string()).min(1)) });
