import dns, { type LookupAddress, type LookupOptions } from 'node:dns';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type LookupFunction = (hostname: string, options: LookupOptions, callback: LookupCallback) => void;
/** proxy-chain types its option as dns.lookup itself, overloads and promisify included. */
type Lookup = typeof dns.lookup;

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
}

/** Answers a lookup from a fixed list, honouring `all` and `family` as dns.lookup does. */
function answer(addresses: readonly LookupAddress[], hostname: string, options: LookupOptions, callback: LookupCallback): void {
  const wanted = options.family === 6 || options.family === 'IPv6' ? 6 : options.family === 4 || options.family === 'IPv4' ? 4 : 0;
  const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
  if (usable.length === 0) return callback(notFound(hostname), '', wanted || 4);
  if (options.all) return callback(null, [...usable]);
  callback(null, usable[0]!.address, usable[0]!.family);
}

/** Looks names up with the profile's own DNS servers ("8.8.8.8", "127.0.0.1:5353", "[::1]:53"). */
function resolverLookup(servers: readonly string[]): LookupFunction {
  const resolver = new dns.Resolver({ timeout: 5_000, tries: 2 });
  resolver.setServers([...servers]);
  return (hostname, options, callback) => {
    resolver.resolve4(hostname, (error4, v4 = []) => {
      resolver.resolve6(hostname, (error6, v6 = []) => {
        const addresses = [...v4.map((address) => ({ address, family: 4 })), ...v6.map((address) => ({ address, family: 6 }))];
        if (addresses.length === 0) return callback(error4 ?? error6 ?? notFound(hostname), '', 4);
        answer(addresses, hostname, options, callback);
      });
    });
  };
}

/** The lookup a profile's hop uses: its own DNS servers when it names some, else the system's. */
export function profileLookup(servers: readonly string[]): Lookup {
  const lookup: LookupFunction = servers.length > 0 ? resolverLookup(servers) : (hostname, options, callback) => dns.lookup(hostname, options, callback as never);
  return lookup as Lookup;
}

/** Every address a name has, through the given lookup; empty when it has none. */
export function resolveAll(lookup: Lookup, hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve) => {
    (lookup as LookupFunction)(hostname, { all: true }, (error, addresses) => resolve(error || !Array.isArray(addresses) ? [] : addresses));
  });
}

/**
 * A lookup that gives back the addresses already checked: the connection goes exactly where the
 * check looked, and a name whose answer changes in between (DNS rebinding) cannot slip past it.
 */
export function pinnedLookup(addresses: readonly LookupAddress[]): Lookup {
  const lookup: LookupFunction = (hostname, options, callback) => answer(addresses, hostname, options, callback);
  return lookup as Lookup;
}
