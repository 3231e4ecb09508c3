import { z } from 'zod';
import { localAnswerSchema, localApiMessages, localFailureSchema } from './answer.ts';
import { localApiRoutes, type LocalRoute } from './routes.ts';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
};

/** A GET's input object as query parameters, one per property. */
function queryParameters(route: LocalRoute): JsonSchema[] {
  const schema = toSchema(route.input, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: property }));
}

function operation(id: string, route: LocalRoute): JsonSchema {
  const success = toSchema(localAnswerSchema(route.data), 'output');
  return {
    operationId: id,
    summary: route.summary,
    tags: [route.tag],
    ...(route.method === 'GET' ? { parameters: queryParameters(route) } : { requestBody: { required: false, content: { 'application/json': { schema: toSchema(route.input, 'input') } } } }),
    responses: {
      200: { description: 'AdsPower\'s envelope: code 0 with data, or code -1 with a stable msg.', content: { 'application/json': { schema: { oneOf: [success, toSchema(localFailureSchema, 'output')] } } } },
      401: { description: 'unauthorized, password_required' },
      403: { description: 'not_local' },
      405: { description: 'method_not_allowed' },
    },
  };
}

/**
 * The local API's OpenAPI 3.1 document, generated from the same route table the agent
 * dispatches by (routes.ts), so it cannot drift from what the agent answers.
 */
export function localApiOpenApi(version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [id, route] of Object.entries(localApiRoutes) as [string, LocalRoute][]) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(id, route) };
  }
  const messages = Object.entries(localApiMessages)
    .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
    .join('\n');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Facet local automation API',
      version,
      description:
        'AdsPower\'s local API (v1 and v2) on the Facet desktop agent, on 127.0.0.1 unless the local settings bind another address. ' +
        'Every request needs `Authorization: Bearer <key>` (and `X-Api-Password` when the local settings set one); Host and Origin must be this machine. ' +
        'Parameters may be strings, as AdsPower documents them, or plain JSON numbers and booleans.\n\n' +
        'Failures answer `{ "code": -1, "msg": <code> }`. Besides a failed start\'s reason (`data.reason`) and the server\'s refusals (the code\'s name in lower case, such as `plan_expired` or `profile_limit_reached`, with `data.code`), `msg` is one of:\n' +
        messages,
    },
    components: { securitySchemes: { key: { type: 'http', scheme: 'bearer', description: 'The local API key the agent printed at its first start (data/agent/local-api-key).' } } },
    security: [{ key: [] }],
    paths,
  };
}
