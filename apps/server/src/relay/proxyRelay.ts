import { RequestError, Server } from 'proxy-chain';

/** What the relay does with one request or tunnel, decided from its Proxy-Authorization. */
export type RelayDecision = { kind: 'upstream'; url: string } | { kind: 'unauthorized' } | { kind: 'refused' };

export interface ProxyRelayOptions {
  bind: string;
  port: number;
  /** Checks the one-start credential and names the owner's upstream (services/relayService.ts). */
  decide: (username: string, password: string) => Promise<RelayDecision>;
  /** A relayed request that failed: the message only, never the request (it carries the credential). */
  onFailure: (message: string) => void;
}

export interface ProxyRelay {
  port: number;
  close(): Promise<void>;
}

/**
 * The server's HTTP proxy relay: a recipient's profile browser talks to it (through the agent's
 * hop) with a one-start credential, and it carries the traffic to the owner's proxy with the
 * owner's credentials, which thus never leave the server. Every request and tunnel is checked;
 * nothing is ever sent anywhere but to an owner's proxy: no credential, no way out (407), and a
 * proxy the relay may not reach gets a refusal (502), never a direct connection.
 */
export async function startProxyRelay(options: ProxyRelayOptions): Promise<ProxyRelay> {
  const server = new Server({
    port: options.port,
    host: options.bind,
    prepareRequestFunction: async ({ username, password }) => {
      const decision = await options.decide(username ?? '', password ?? '');
      if (decision.kind === 'upstream') return { upstreamProxyUrl: decision.url };
      if (decision.kind === 'unauthorized') return { requestAuthentication: true, failMsg: 'Facet relay: this credential is not good for a running start' };
      throw new RequestError("Facet relay: the profile's proxy is not one this server connects to", 502);
    },
  });
  server.on('requestFailed', ({ error }: { error: Error }) => options.onFailure(error.message));
  await server.listen();
  let closing: Promise<void> | null = null;
  return { port: server.port, close: () => (closing ??= server.close(true)) };
}
