import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { startProxyRelay, type ProxyRelay, type RelayDecision } from './proxyRelay.ts';

/** The relay's rules (services/relayService.ts): who may pass, and where the relay listens. */
interface RelayRules {
  decide(username: string, password: string): Promise<RelayDecision>;
  listening(port: number): void;
}

/**
 * Starts the proxy relay the configuration asks for (none with FACET_RELAY_PORT=off) and tells
 * the relay's rules the port it got. Failing to listen fails the server's start: launches of
 * shared profiles would otherwise fail later, one by one, for no visible reason.
 */
export async function openProxyRelay(config: ServerConfig, rules: RelayRules, log: FastifyBaseLogger): Promise<ProxyRelay | null> {
  if (!config.relay) {
    log.info('proxy relay: off (recipients of shared profiles whose proxy has an account cannot open them)');
    return null;
  }
  const relay = await startProxyRelay({
    bind: config.relay.bind,
    port: config.relay.port,
    decide: (username, password) => rules.decide(username, password),
    onFailure: (message) => log.debug({ message }, 'proxy relay: a relayed request failed'),
  });
  rules.listening(relay.port);
  log.info(`proxy relay on ${config.relay.bind}:${relay.port}${config.relay.privateUpstreams ? ' (private upstreams allowed)' : ''}`);
  return relay;
}
