import type { CheckReport, Profile } from '@facet/contracts';
import type { GeoFacts } from '../browser/proxy/geoIp.ts';
import { ProxyCheckError, testProxy } from '../browser/proxy/proxyCheck.ts';
import { upstreamUrl } from '../browser/proxy/proxyHop.ts';

/**
 * The exit address the fingerprint check reports: the same IP check a launch makes, through a
 * hop to the profile's proxy, or straight out without one. A failure names its reason; without a
 * proxy nothing refused anything, so it says that this computer's own way out did not get there.
 */
export async function checkExit(profile: Profile, ipCheckUrl: string, geo: (ip: string) => Promise<GeoFacts | null>): Promise<CheckReport['exit']> {
  const proxied = upstreamUrl(profile.proxy) !== null;
  try {
    const { ip } = await testProxy(profile.proxy, ipCheckUrl);
    const where = await geo(ip);
    return { status: proxied ? 'ok' : 'direct', ip, country: where?.country ?? null, timeZone: where?.timezone ?? null };
  } catch (error) {
    if (!(error instanceof ProxyCheckError)) throw error;
    return { status: 'failed', ip: null, country: null, timeZone: null, reason: proxied ? error.reason : 'directUnreachable' };
  }
}
