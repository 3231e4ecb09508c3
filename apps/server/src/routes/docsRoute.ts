import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '../openapi/document.ts';

/** `/docs` (Swagger UI) and `/docs/json`, from the generated document. */
export async function docsRoute(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, { mode: 'static', specification: { document: buildOpenApiDocument(version) as never } });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
