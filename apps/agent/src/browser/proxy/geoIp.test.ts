import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openGeoIp } from './geoIp.ts';

describe('GeoIP (offline GeoLite2 City)', () => {
  it('names country, time zone, coordinates and languages of public addresses, and nothing for private ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-geoip-'));
    try {
      const geo = await openGeoIp(dir);
      // MaxMind's own test address in London, and a Tokyo network; private space knows nothing.
      expect(geo.lookup('81.2.69.142')).toMatchObject({ country: 'GB', timezone: 'Europe/London', languages: ['en-GB', 'en'] });
      const tokyo = geo.lookup('1.0.16.1');
      expect(tokyo).toMatchObject({ country: 'JP', timezone: 'Asia/Tokyo', languages: ['ja-JP', 'ja'] });
      expect(typeof tokyo?.latitude).toBe('number');
      expect(geo.lookup('127.0.0.1')).toBeNull();
      expect(geo.lookup('not an address')).toBeNull();
      // The unpacked database is reused by the next start.
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.mmdb'))).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
