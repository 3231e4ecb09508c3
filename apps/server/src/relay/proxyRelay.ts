import { RequestError, Server } from 'proxy-chain';
import { OpenTunnels } from './openTunnels.ts';

/** What the relay does with one request or tunnel, decided from its Proxy-Authorization. */
export type RelayDecision = { kind: 'upstream'; url: string } | { kind: 'unauthorized' } | { kind: 'refused' };

interface ProxyRelayOptions {
  bind: string;
  port: number;
  /** Checks the one-start credential and names the owner's upstream (services/relayService.ts). */
  decide: (username: string, password: string) => Promise<RelayDecision>;
  /** A relayed request that failed: the message only, never the request (it carries the credential). */
  onFailure: (message: string) => void;
}

export interface ProxyRelay {
  port: number;
  /** Closes the open connections whose credential no longer stands (run every SWEEP_EVERY_MS); how many were closed. */
  sweep(): Promise<number>;
  close(): Promise<void>;
}

/** How long a tunnel may outlive its start, its share or its account: at most this, and a request's time. */
const SWEEP_EVERY_MS = 10_000;

/**
 * The server's HTTP proxy relay: a recipient's profile browser talks to it (through the agent's
 * hop) with a one-start credential, and it carries the traffic to the owner's proxy with the
 * owner's credentials, which thus never leave the server. Every request and tunnel is checked;
 * nothing is ever sent anywhere but to an owner's proxy: no credential, no way out (407), and a
 * proxy the relay may not reach gets a refusal (502), never a direct connection.
 */
export async function startProxyRelay(options: ProxyRelayOptions): Promise<ProxyRelay> {
  const tunnels = new OpenTunnels();
  const server = new Server({
    port: options.port,
    host: options.bind,
    prepareRequestFunction: async ({ username, password, connectionId }) => {
      const decision = await options.decide(username ?? '', password ?? '');
      if (decision.kind === 'upstream') {
        tunnels.note(connectionId, { username: username ?? '', password: password ?? '' });
        return { upstreamProxyUrl: decision.url };
      }
      if (decision.kind === 'unauthorized') return { requestAuthentication: true, failMsg: 'Facet relay: this credential is not good for a running start' };
      throw new RequestError("Facet relay: the profile's proxy is not one this server connects to", 502);
    },
  });
  server.on('requestFailed', ({ error }: { error: Error }) => options.onFailure(error.message));
  server.on('connectionClosed', ({ connectionId }: { connectionId: number }) => tunnels.forget(connectionId));
  await server.listen();
  const sweep = () =>
    tunnels.sweep(
      async ({ username, password }) => (await options.decide(username, password)).kind === 'upstream',
      (id) => server.closeConnection(id),
    );
  const sweeping = setInterval(() => void sweep().catch((error: Error) => options.onFailure(error.message)), SWEEP_EVERY_MS);
  sweeping.unref();
  let closing: Promise<void> | null = null;
  return {
    port: server.port,
    sweep,
    close: () => {
      clearInterval(sweeping);
      return (closing ??= server.close(true));
    },
  };
}
