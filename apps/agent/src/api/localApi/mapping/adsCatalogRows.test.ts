import { describe, expect, it } from 'vitest';
import { adsKernel, adsProxy, adsTag } from './adsCatalogRows.ts';

describe('catalog rows by AdsPower\'s names', () => {
  it('answer a saved proxy without a password, whatever it keeps, with its tested exit country', () => {
    const row = adsProxy({
      id: 'prx_1',
      type: 'socks5',
      host: '10.0.0.1',
      port: 1080,
      username: 'shop',
      hasCredentials: true,
      country: 'DE',
      remark: 'eu',
      check: { exitIp: '203.0.113.9', exitCountry: 'NL', latencyMs: 40, error: null, checkedAt: 1 },
      profileCount: 3,
      createdAt: 1_700_000_000_999,
    });
    expect(row).toEqual({ proxy_id: 'prx_1', type: 'socks5', host: '10.0.0.1', port: '1080', user: 'shop', password: '', has_password: true, proxy_url: '', remark: 'eu', ipchecker: '', ip_country: 'nl', profile_count: 3, created_time: '1700000000' });
  });

  it('answer Facet\'s colours as AdsPower\'s and the first kernel as the default', () => {
    expect(adsTag({ id: 't1', name: 'Shops', color: 'gold' })).toEqual({ id: 't1', name: 'Shops', color: 'yellow' });
    const kernel = { path: '/usr/bin/chromium', product: 'Chromium' as const, version: '156.0.8078.79', major: 156 };
    expect(adsKernel(kernel, 0)).toEqual({ kernel_type: 'Chrome', kernel_version: '156', version: '156.0.8078.79', product: 'Chromium', path: '/usr/bin/chromium', is_default: true, status: 'installed' });
    expect(adsKernel(kernel, 1).is_default).toBe(false);
  });
});
