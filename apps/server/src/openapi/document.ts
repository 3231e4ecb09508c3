import {
  API_PREFIX,
  Code,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_LIFETIME_SECONDS,
  WEB_PREFIX,
  apiCalls,
  codeMessageKey,
  idempotencyKeySchema,
  takesIdempotencyKey,
  webCalls,
  type CallDefinition,
} from '@facet/contracts';
import { translate } from '@facet/i18n';
import { z } from 'zod';
import { handWiredPaths } from './handWiredRoutes.ts';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
};

/** The signed request of /v2/web/: `data` is base64 JSON, described with contentSchema. */
function signedBody(call: CallDefinition): JsonSchema {
  return {
    type: 'object',
    required: ['lang', 'timestamp', 'nonce', 'data', 'sign'],
    properties: {
      auth: { type: 'string', description: call.access === 'session' ? 'Session token (required).' : 'Empty for this call.' },
      lang: { type: 'integer', minimum: 0, maximum: 9, description: 'Language code 0–9 (0 English, 1 Chinese, …).' },
      timestamp: { type: 'integer', description: 'Milliseconds since the epoch; accepted within ±300 s of the server clock.' },
      nonce: { type: 'string', minLength: 8, maxLength: 64, description: 'Random per request.' },
      data: {
        type: 'string',
        contentEncoding: 'base64',
        contentMediaType: 'application/json',
        contentSchema: toSchema(call.request, 'input'),
        description: 'Base64 of the UTF-8 JSON payload described by contentSchema.',
      },
      sign: {
        type: 'string',
        pattern: '^[0-9a-f]{64}$',
        description: 'hex HMAC-SHA-256, key = config.json signKey, over path, auth, lang, timestamp, nonce and data joined by newlines.',
      },
    },
  };
}

function envelope(call: CallDefinition): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: {
      code: { type: 'integer', description: '0 on success; see the code table in the description.' },
      msg: { type: 'string' },
      data: { anyOf: [toSchema(call.response, 'output'), { type: 'null' }] },
    },
  };
}

/** The optional header of calls that change something (packages/contracts idempotency.ts). */
const idempotencyKeyParameter: JsonSchema = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  schema: toSchema(idempotencyKeySchema, 'input'),
  description:
    `One random key per action (e.g. a UUID), the same for every retry of it. Within ${IDEMPOTENCY_KEY_LIFETIME_SECONDS / 3600} hours, a repeat with the same key, call and payload gets the first answer without the work being done again; ` +
    `the same key with another call or payload is refused (${Code.IDEMPOTENCY_KEY_REUSED}, HTTP 422); a repeat while the first is still at work gets ${Code.IDEMPOTENCY_KEY_IN_FLIGHT} (HTTP 409): ask again shortly. Only successes are kept. Keys are per account.`,
};

function operation(call: CallDefinition): JsonSchema {
  const isApi = call.access === 'apiToken';
  const codes = call.codes?.length ? `\n\nBusiness codes: ${call.codes.join(', ')}.` : '';
  return {
    summary: call.summary,
    tags: [call.tag],
    operationId: `${isApi ? 'api' : 'web'}_${call.path.replace(/\W+/g, '_')}`,
    description: `Access: ${call.access}.${codes}`,
    ...(isApi ? { security: [{ apiToken: [] }] } : {}),
    ...(takesIdempotencyKey(call) ? { parameters: [idempotencyKeyParameter] } : {}),
    requestBody: {
      required: true,
      content: { 'application/json': { schema: isApi ? toSchema(call.request, 'input') : signedBody(call) } },
    },
    responses: { 200: { description: 'The envelope; business errors also answer 200.', content: { 'application/json': { schema: envelope(call) } } } },
  };
}

/**
 * The OpenAPI 3.1 document, generated from the same contracts the server validates with.
 * Never edited by hand: a test checks that every registered call is in it, and the routes that
 * are not calls (handWiredRoutes.ts) are described beside them.
 */
export function buildOpenApiDocument(version: string): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const call of webCalls as readonly CallDefinition[]) paths[`${WEB_PREFIX}${call.path}`] = { [call.method]: operation(call) };
  for (const call of apiCalls as readonly CallDefinition[]) paths[`${API_PREFIX}${call.path}`] = { [call.method]: operation(call) };
  Object.assign(paths, handWiredPaths());
  const codeTable = Object.entries(Code)
    .map(([name, code]) => `| ${code} | ${name} | ${translate('en-US', codeMessageKey[code])} |`)
    .join('\n');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Facet API',
      version,
      description: [
        'Console calls live under `/v2/web/` and carry the signed envelope; script calls under `/v2/api/` take `Authorization: Bearer <API token>` and a plain JSON body.',
        'Every answer is `{code, msg, data}`; `msg` is in the language asked for.',
        '',
        '| code | name | message |',
        '|---|---|---|',
        codeTable,
      ].join('\n'),
    },
    components: { securitySchemes: { apiToken: { type: 'http', scheme: 'bearer' }, session: { type: 'http', scheme: 'bearer', description: 'The session token from login.' } } },
    paths,
  };
}
