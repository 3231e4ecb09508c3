import { PLUGIN_BLOB_PREFIX, PLUGIN_UPLOAD_PATH, pluginUploadFieldsSchema, pluginUploadResponseSchema, publicConfigSchema } from '@facet/contracts';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
};

const envelopeOf = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: { anyOf: [data, { type: 'null' }] } },
});

/**
 * The routes that are not signed calls, each registered by hand (routes/*.ts): files, redirects
 * and a provider's webhook. Described here so /docs is the whole API; the OpenAPI test names
 * each of them.
 */
export function handWiredPaths(): Record<string, JsonSchema> {
  return {
    '/config.json': {
      get: {
        summary: 'What every console reads before its first call: hosts, the signing key, version, support and features.',
        tags: ['config'],
        operationId: 'config_json',
        responses: { 200: { description: 'The public configuration.', content: { 'application/json': { schema: schemaOf(publicConfigSchema, 'output') } } } },
      },
    },
    [PLUGIN_UPLOAD_PATH]: {
      post: {
        summary: 'Upload a plugin (or a new version of one): the zip and its icon, checked before anything is kept. Main accounts only.',
        description: 'Not a signed call (a 20 MB envelope would not do): `Authorization: Bearer <session token>`. Refusals carry codes 1400–1425 with the inspector\'s detail as data.',
        tags: ['plugins'],
        operationId: 'web_plugin_upload',
        security: [{ session: [] }],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                ...schemaOf(pluginUploadFieldsSchema, 'input'),
                required: ['package'],
                properties: {
                  ...(schemaOf(pluginUploadFieldsSchema, 'input').properties as JsonSchema),
                  package: { type: 'string', format: 'binary', description: 'The extension as a .zip, at most 20 MB.' },
                  icon: { type: 'string', format: 'binary', description: 'A square PNG or JPEG icon, 60–1024 px (new plugins).' },
                },
              },
            },
          },
        },
        responses: { 200: { description: 'The envelope.', content: { 'application/json': { schema: envelopeOf(schemaOf(pluginUploadResponseSchema, 'output')) } } } },
      },
    },
    [`${PLUGIN_BLOB_PREFIX}{sha256}`]: {
      get: {
        summary: 'A plugin version\'s zip by its SHA-256, for the agent\'s cache and the console. Bearer: the session token or an API token.',
        tags: ['plugins'],
        operationId: 'plugin_blob',
        security: [{ session: [] }, { apiToken: [] }],
        parameters: [{ name: 'sha256', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{64}$' } }],
        responses: {
          200: { description: 'The zip.', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } },
          404: { description: 'No such version for this account (the envelope, code 1009).' },
        },
      },
    },
    '/v2/pay/{orderId}': {
      get: {
        summary: 'What an order\'s QR code opens: a redirect to where that order is paid with the server\'s default method.',
        tags: ['plans'],
        operationId: 'pay_redirect',
        parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string', maxLength: 64 } }],
        responses: { 302: { description: 'To the checkout.' }, 200: { description: 'The envelope with a refusal (unknown or closed order).' } },
      },
    },
    '/v2/pay/stripe/webhook': {
      post: {
        summary: 'Stripe\'s payment events (only when Stripe is configured), verified by the Stripe-Signature header over the exact body.',
        tags: ['plans'],
        operationId: 'pay_stripe_webhook',
        parameters: [{ name: 'stripe-signature', in: 'header', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', description: 'A Stripe event.' } } } },
        responses: {
          200: { description: 'Acknowledged (settled, duplicate or ignored).', content: { 'application/json': { schema: { type: 'object', properties: { received: { type: 'boolean' }, result: { type: 'string' } } } } } },
          400: { description: 'No signature, or one that does not verify.' },
        },
      },
    },
  };
}
