import { adsColorOfFacet, type Kernel, type LocalRouteData, type SavedProxy, type Tag } from '@facet/contracts';

/** Saved proxies, tags and kernels by AdsPower's names. Times are seconds since the epoch as strings. */

type AdsProxy = LocalRouteData<'proxyList'>['list'][number];
type AdsTag = LocalRouteData<'tagList'>['list'][number];
type AdsKernel = LocalRouteData<'kernelList'>['list'][number];

/** Never the password: the server's list holds none, and the answer says so with `password: ''`. */
export function adsProxy(proxy: SavedProxy): AdsProxy {
  return {
    proxy_id: proxy.id,
    type: proxy.type,
    host: proxy.host,
    port: String(proxy.port),
    user: proxy.username,
    password: '',
    has_password: proxy.hasCredentials,
    proxy_url: '',
    remark: proxy.remark,
    ipchecker: '',
    ip_country: (proxy.check?.exitCountry ?? proxy.country).toLowerCase(),
    profile_count: proxy.profileCount,
    created_time: String(Math.floor(proxy.createdAt / 1000)),
  };
}

export const adsTag = (tag: Tag): AdsTag => ({ id: tag.id, name: tag.name, color: adsColorOfFacet[tag.color] });

/** Every kernel Facet runs is a Chromium: AdsPower's "Chrome" type, named by its major version. */
export const adsKernel = (kernel: Kernel, index: number): AdsKernel => ({
  kernel_type: 'Chrome',
  kernel_version: String(kernel.major),
  version: kernel.version,
  product: kernel.product,
  path: kernel.path,
  is_default: index === 0,
  status: 'installed',
});
