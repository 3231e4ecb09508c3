import { z } from 'zod';
import type { CallDefinition } from './call.ts';

/**
 * Sent with a call that changes something, so a repeat of the same request — a retry after a
 * lost answer, the replay after the silent re-login of an 886, a double click — gets the first
 * answer instead of the work done twice. One key per user action; the server keeps the answer
 * of (account, key) for `IDEMPOTENCY_KEY_LIFETIME_SECONDS`. Without the header a call runs as
 * it always did.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const IDEMPOTENCY_KEY_LIFETIME_SECONDS = 24 * 3600;

/**
 * What a key may look like: a UUID, hex or base64(url) of at least 64 random bits. The IETF
 * draft (draft-ietf-httpapi-idempotency-key-header) writes it as a quoted string; the quotes
 * are taken off before this check.
 */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_.:+/=-]{16,128}$/, { message: 'validation.invalid' });

/**
 * Which calls take a key: those of a signed-in account (keys are kept per account) that change
 * something. Reads are answered afresh each time, and their answers are not kept.
 */
export function takesIdempotencyKey(call: Pick<CallDefinition, 'access' | 'readOnly'>): boolean {
  return call.access !== 'none' && call.readOnly !== true;
}
