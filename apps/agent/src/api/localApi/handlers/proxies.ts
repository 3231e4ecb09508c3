import { savedProxyCreateCall, savedProxyDeleteCall, savedProxyDetailCall, savedProxyListCall, savedProxyUpdateCall } from '@facet/contracts';
import type { LocalHandlers } from '../context.ts';
import { LocalApiFailure } from '../failures.ts';
import { adsProxy } from '../mapping/adsCatalogRows.ts';
import { namingMissing } from '../notFound.ts';
import { pageSlice } from '../pageSlice.ts';

/** AdsPower's proxy-list paths over the account's saved proxies (the server keeps them, sealed). */

/** The server pages its list by 20, 40, 60 or 100; AdsPower's limit (1–200) is cut from its pages of 100. */
const SERVER_PAGE = 100;

export const proxyHandlers: Pick<LocalHandlers, 'proxyCreate' | 'proxyUpdate' | 'proxyList' | 'proxyDelete'> = {
  proxyCreate: async (proxies, ctx) => {
    const { ids } = await ctx.account().call(savedProxyCreateCall, {
      proxies: proxies.map((p) => ({ proxy: { type: p.type, host: p.host, port: p.port, username: p.user ?? '', password: p.password ?? '' }, remark: p.remark ?? '' })),
    });
    return { proxy_id: ids };
  },
  proxyUpdate: async (input, ctx) => {
    const source = ctx.account();
    // The server's update replaces the whole proxy: what the request leaves out is read first (the
    // password too, which stays in the agent and is never answered).
    const current = await namingMissing('proxy_not_found', () => source.call(savedProxyDetailCall, { id: input.proxy_id }));
    const { proxy } = current;
    // Kept credentials never follow the proxy to another host unless the request sends them:
    // otherwise a script that may not read the password could still hand it to a host of its own.
    // (Another port or type of the same host is the same provider's.)
    const moves = input.host !== undefined && input.host.toLowerCase() !== proxy.host.toLowerCase();
    if (moves && proxy.password !== '' && input.password === undefined) throw new LocalApiFailure('proxy_password_required');
    await namingMissing('proxy_not_found', () =>
      source.call(savedProxyUpdateCall, {
        id: input.proxy_id,
        proxy: {
          ...proxy,
          type: input.type ?? proxy.type,
          host: input.host ?? proxy.host,
          port: input.port ?? proxy.port,
          username: input.user ?? proxy.username,
          password: input.password ?? proxy.password,
        },
        remark: input.remark ?? current.remark,
      }),
    );
    return undefined;
  },
  proxyList: async (body, ctx) => {
    const source = ctx.account();
    const page = body.page ?? 1;
    const limit = body.limit ?? 50;
    const ids = body.proxy_id && body.proxy_id.length > 0 ? body.proxy_id : undefined;
    const { list, total } = await pageSlice((serverPage) => source.call(savedProxyListCall, { page: serverPage, limit: SERVER_PAGE, ...(ids ? { ids } : {}) }), page, limit, SERVER_PAGE);
    return { list: list.map(adsProxy), page, limit, total };
  },
  proxyDelete: async ({ proxy_id }, ctx) => {
    const source = ctx.account();
    await namingMissing('proxy_not_found', () => source.call(savedProxyDeleteCall, { ids: [...new Set(proxy_id)] }));
    return undefined;
  },
};
