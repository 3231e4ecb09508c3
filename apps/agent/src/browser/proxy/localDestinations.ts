import net from 'node:net';
import os from 'node:os';

/**
 * What counts as "this machine" for port-scan protection: loopback in every spelling, the
 * unspecified address (which connects to this machine too), and the addresses of its own
 * interfaces (a direct profile reaches those without any proxy in between).
 */
function isLoopbackName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}

let machineAddresses: Set<string> | null = null;
function ownAddresses(): Set<string> {
  // Read once per agent: interfaces rarely change, and the check runs on every request.
  machineAddresses ??= new Set(
    Object.values(os.networkInterfaces())
      .flat()
      .map((entry) => entry?.address.toLowerCase())
      .filter((address): address is string => Boolean(address)),
  );
  return machineAddresses;
}

export function isLocalAddress(address: string): boolean {
  const ip = address.toLowerCase().replace(/^\[|\]$/g, '').replace(/^::ffff:(?=\d+\.)/, '');
  if (net.isIPv4(ip)) return ip.startsWith('127.') || ip === '0.0.0.0' || ownAddresses().has(ip);
  if (net.isIPv6(ip)) return ip === '::1' || ip === '::' || ownAddresses().has(ip);
  return false;
}

/** A destination named so that it is this machine before any lookup. */
export function isLocalDestination(hostname: string): boolean {
  return isLoopbackName(hostname) || isLocalAddress(hostname);
}
