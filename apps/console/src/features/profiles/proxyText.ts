import type { ProxySummary } from '@facet/contracts';
import type { TFunction } from 'i18next';

/** "SOCKS5 203.0.113.5:1080", or "no proxy" / "direct" for a profile without one. */
export function proxyText(proxy: ProxySummary, t: TFunction): string {
  if (proxy.type === 'none') return t(proxy.direct ? 'profiles.proxy.directShort' : 'profiles.proxy.noProxy');
  return `${t(`profiles.proxy.types.${proxy.type}`)} ${proxy.host}:${proxy.port}`;
}
