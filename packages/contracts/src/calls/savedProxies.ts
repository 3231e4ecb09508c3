import { z } from 'zod';
import { defineCall, forApiToken } from '../call.ts';
import { Code } from '../codes.ts';
import { changedResponse, pageField, pageOf, pageSizeField, profileIdsField } from '../profiles/listing.ts';
import { proxySchema, proxyTypes } from '../profiles/proxy.ts';

/** One proxy of the saved list as the list shows it: never the password. */
export const savedProxySchema = z.object({
  id: z.string(),
  type: z.enum(proxyTypes),
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  hasCredentials: z.boolean(),
  country: z.string(),
  remark: z.string(),
  /** What the last test from a desktop client saw; null: never tested. */
  check: z
    .object({ exitIp: z.string().nullable(), exitCountry: z.string().nullable(), latencyMs: z.number().int().nullable(), error: z.string().nullable(), checkedAt: z.number().int() })
    .nullable(),
  /** Live profiles whose proxy is this one. */
  profileCount: z.number().int(),
  createdAt: z.number().int(),
});
export type SavedProxy = z.infer<typeof savedProxySchema>;

const idField = z.string().min(1).max(40);
const remarkField = z.string().trim().max(200, { message: 'validation.tooLong' }).default('');

export const savedProxyListCall = defineCall({
  path: 'proxy/list',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'proxies',
  summary: 'Your saved proxies, newest first, searched by host or remark, or only the ones named by `ids`.',
  request: z.object({ page: pageField, limit: pageSizeField, search: z.string().trim().max(100).default(''), ids: z.array(idField).min(1).max(100).optional() }),
  response: pageOf(savedProxySchema),
});

export const savedProxyAddCall = defineCall({
  path: 'proxy/add',
  method: 'post',
  access: 'session',
  tag: 'proxies',
  summary: 'Add proxies by paste, one per line (the profile form\'s formats), all or none: a bad line is named (1300, data.line). At most 1,000 per account.',
  codes: [Code.PROXY_LINE_INVALID, Code.PROXY_LIMIT_REACHED],
  request: z.object({ lines: z.string().min(1, { message: 'validation.required' }).max(200_000), proxyType: z.enum(['http', 'https', 'socks5']).default('http'), remark: remarkField }),
  response: z.object({ ids: z.array(z.string()) }),
});

/** Proxies given field by field (the local API's proxy-list/create), all or none. */
export const savedProxyCreateCall = defineCall({
  path: 'proxy/create',
  method: 'post',
  access: 'session',
  tag: 'proxies',
  summary: 'Add proxies given field by field, all or none; answers their ids in the order given. At most 1,000 per account.',
  codes: [Code.PROXY_LIMIT_REACHED],
  request: z.object({
    proxies: z
      .array(z.object({ proxy: proxySchema.refine((proxy) => proxy.type !== 'none', { path: ['type'], message: 'validation.required' }), remark: remarkField }))
      .min(1)
      .max(100),
  }),
  response: z.object({ ids: z.array(z.string()) }),
});

export const savedProxyDetailCall = defineCall({
  path: 'proxy/detail',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'proxies',
  summary: 'One saved proxy with its credentials, for editing it or testing it from the desktop client.',
  codes: [Code.NOT_FOUND],
  request: z.object({ id: idField }),
  response: z.object({ proxy: proxySchema, remark: z.string() }),
});

export const savedProxyUpdateCall = defineCall({
  path: 'proxy/update',
  method: 'post',
  access: 'session',
  tag: 'proxies',
  summary: 'Change a saved proxy; every profile that uses it changes with it in the same step. Answers how many profiles changed.',
  codes: [Code.NOT_FOUND],
  request: z.object({ id: idField, proxy: proxySchema, remark: remarkField }),
  response: z.object({ profilesChanged: z.number().int() }),
});

export const savedProxyDeleteCall = defineCall({
  path: 'proxy/delete',
  method: 'post',
  access: 'session',
  tag: 'proxies',
  summary: 'Delete saved proxies; the profiles that used them keep their proxy settings as their own.',
  codes: [Code.NOT_FOUND],
  request: z.object({ ids: z.array(idField).min(1).max(1000) }),
  response: changedResponse,
});

export const savedProxyAssignCall = defineCall({
  path: 'proxy/assign',
  method: 'post',
  access: 'session',
  tag: 'proxies',
  summary: 'Give your profiles a saved proxy (they follow its later changes), all or none.',
  codes: [Code.NOT_FOUND, Code.PLAN_EXPIRED],
  request: z.object({ id: idField, profileIds: profileIdsField }),
  response: changedResponse,
});

export const savedProxyCheckedCall = defineCall({
  path: 'proxy/checked',
  method: 'post',
  access: 'session',
  tag: 'proxies',
  summary: 'Keeps what a test of a saved proxy from the desktop client saw: its exit address, country and latency, or why it failed.',
  codes: [Code.NOT_FOUND],
  request: z.object({
    id: idField,
    exitIp: z.string().max(64).nullable(),
    exitCountry: z.string().max(2).nullable(),
    latencyMs: z.number().int().min(0).max(600_000).nullable(),
    error: z.string().max(200).nullable(),
  }),
  response: z.object({ checkedAt: z.number().int() }),
});

export const savedProxyCalls = [savedProxyListCall, savedProxyAddCall, savedProxyCreateCall, savedProxyDetailCall, savedProxyUpdateCall, savedProxyDeleteCall, savedProxyAssignCall, savedProxyCheckedCall] as const;

/** The local API's proxy-list paths, for an agent that holds an API token. */
export const apiSavedProxyListCall = forApiToken(savedProxyListCall);
export const apiSavedProxyCreateCall = forApiToken(savedProxyCreateCall);
export const apiSavedProxyDetailCall = forApiToken(savedProxyDetailCall);
export const apiSavedProxyUpdateCall = forApiToken(savedProxyUpdateCall);
export const apiSavedProxyDeleteCall = forApiToken(savedProxyDeleteCall);
export const apiSavedProxyCalls = [apiSavedProxyListCall, apiSavedProxyCreateCall, apiSavedProxyDetailCall, apiSavedProxyUpdateCall, apiSavedProxyDeleteCall] as const;
