import { createHash } from 'node:crypto';
import { Code, idempotencyKeySchema, takesIdempotencyKey, type CallDefinition } from '@facet/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * The request's Idempotency-Key, when its call takes one and it was sent. A malformed key is
 * bad input rather than ignored: the client meant its request to be guarded.
 */
export function idempotencyKeyOf(request: FastifyRequest, call: CallDefinition): string | null {
  if (!takesIdempotencyKey(call)) return null;
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  // The IETF draft sends the key as a structured-field string, in quotes.
  const key = String(header).trim().replace(/^"(.*)"$/, '$1');
  if (!idempotencyKeySchema.safeParse(key).success) throw new AppError(Code.INVALID_INPUT, { issues: [{ path: 'Idempotency-Key', key: 'validation.invalid' }] }, 400);
  return key;
}

/**
 * What "the same request" means for a key: the same call with the same payload, as sent
 * (before defaults are filled in). The signed envelope's other fields change on every retry.
 */
export function requestFingerprint(url: string, payload: unknown): string {
  return createHash('sha256').update(url).update('\n').update(JSON.stringify(payload ?? {})).digest('hex');
}
