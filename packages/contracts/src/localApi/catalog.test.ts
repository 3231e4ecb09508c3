import { describe, expect, it } from 'vitest';
import { tagColors } from '../profiles/tags.ts';
import { cloudActiveBodySchema } from './cloudActive.ts';
import { kernelDownloadBodySchema } from './kernels.ts';
import { proxyCreateBodySchema, proxyListBodySchema, proxyUpdateBodySchema } from './proxies.ts';
import { adsColorOfFacet, adsTagColors, facetColorOfAds, tagCreateBodySchema } from './tags.ts';

/** The catalog paths' parameters as AdsPower's scripts send them: strings or JSON, one type out. */
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('proxy-list parameters', () => {
  it('takes a top-level array with ports as text or numbers, and refuses ssh and a host that is no host', () => {
    expect(proxyCreateBodySchema.parse([{ type: 'socks5', host: '10.0.0.1', port: '1080', user: 'u' }, { type: 'http', host: 'proxy.example.test', port: 8000 }])).toEqual([
      { type: 'socks5', host: '10.0.0.1', port: 1080, user: 'u' },
      { type: 'http', host: 'proxy.example.test', port: 8000 },
    ]);
    expect(messages(proxyCreateBodySchema.safeParse([{ type: 'ssh', host: '10.0.0.1', port: '22' }]))).toEqual(['proxy_type_unsupported']);
    expect(messages(proxyCreateBodySchema.safeParse([{ type: 'http', host: 'not a host', port: '80' }]))).toEqual(['proxy_host_invalid']);
    expect(proxyCreateBodySchema.safeParse({ proxies: [] }).success).toBe(false);
    expect(proxyCreateBodySchema.safeParse([{ type: 'http', host: '10.0.0.1', port: '70000' }]).success).toBe(false);
  });

  it('updates by id with every other field optional, and lists by ids given as an array or as text', () => {
    expect(proxyUpdateBodySchema.parse({ proxy_id: 'prx_1', port: '8080' })).toEqual({ proxy_id: 'prx_1', port: 8080 });
    expect(proxyUpdateBodySchema.safeParse({ port: '8080' }).success).toBe(false);
    expect(proxyListBodySchema.parse({ proxy_id: 'a,b', limit: '200' })).toEqual({ proxy_id: ['a', 'b'], limit: 200 });
    expect(proxyListBodySchema.safeParse({ limit: 201 }).success).toBe(false);
  });
});

describe('browser-tags colours', () => {
  it('turn each of AdsPower\'s eight into one of Facet\'s, and each of Facet\'s back into AdsPower\'s', () => {
    for (const color of adsTagColors) expect(adsColorOfFacet[facetColorOfAds[color]]).toBe(color);
    for (const color of tagColors) expect(adsTagColors).toContain(adsColorOfFacet[color]);
  });

  it('give a new tag darkBlue when no colour is named, and refuse a name over Facet\'s 30 characters', () => {
    expect(tagCreateBodySchema.parse({ tags: [{ name: ' Shops ' }] })).toEqual({ tags: [{ name: 'Shops', color: 'darkBlue' }] });
    expect(messages(tagCreateBodySchema.safeParse({ tags: [{ name: 'x'.repeat(31) }] }))).toEqual(['tag_name_too_long']);
    expect(tagCreateBodySchema.safeParse({ tags: [{ name: 'Shops', colour: 'red' }] }).success).toBe(false);
  });
});

describe('kernel and cloud-active parameters', () => {
  it('take a major version, latest or ua_auto, and nothing else as a kernel version', () => {
    expect(kernelDownloadBodySchema.parse({ kernel_type: 'Chrome', kernel_version: '141' })).toEqual({ kernel_type: 'Chrome', kernel_version: '141' });
    expect(kernelDownloadBodySchema.parse({ kernel_type: 'Chrome', kernel_version: 'ua_auto' }).kernel_version).toBe('ua_auto');
    expect(messages(kernelDownloadBodySchema.safeParse({ kernel_type: 'Chrome', kernel_version: '141.0.1' }))).toEqual(['kernel_version_invalid']);
  });

  it('read user_ids as AdsPower\'s comma-separated text or as an array, at least one and at most 100', () => {
    expect(cloudActiveBodySchema.parse({ user_ids: 'a1, b2' })).toEqual({ user_ids: ['a1', 'b2'] });
    expect(cloudActiveBodySchema.parse({ user_ids: ['a1'] })).toEqual({ user_ids: ['a1'] });
    expect(messages(cloudActiveBodySchema.safeParse({ user_ids: '' }))).toEqual(['profile_id_required']);
    expect(cloudActiveBodySchema.safeParse({ user_ids: Array.from({ length: 101 }, (_, i) => `p${i}`) }).success).toBe(false);
  });
});
