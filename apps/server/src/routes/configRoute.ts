import type { PublicConfig } from '@facet/contracts';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';

/**
 * `GET /config.json`: read by every console before its first call. Hosts are empty (same
 * origin) unless FACET_PUBLIC_URL says where the API is seen from outside.
 */
export function configRoute(app: FastifyInstance, config: ServerConfig, signKey: string, smtp: boolean): void {
  app.get('/config.json', async (request, reply) => {
    const origin = config.publicUrl ?? `${request.protocol}://${request.host}`;
    const body: PublicConfig = {
      apiHost: origin,
      pushHost: origin,
      signKey,
      version: config.version,
      download: { zh: config.downloadUrl.zh, other: config.downloadUrl.other },
      support: { email: config.supportEmail, contacts: config.supportContacts },
      features: { mobileRegistration: false, smtp, smsVerification: false },
    };
    return reply.header('cache-control', 'no-store').send(body);
  });
}
