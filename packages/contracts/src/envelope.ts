import { z } from 'zod';
import type { CodeValue } from './codes.ts';

/** The answer of every call: `code` 0 is success; `msg` is for people, `code` for programs. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T | null;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data: data.nullable() });
}

/** The signed request fields of spec §7 (see signing/sign.ts). */
export const signedRequestSchema = z.object({
  auth: z.string().max(512).default(''),
  lang: z.coerce.number().int().min(0).max(99).default(0),
  timestamp: z.coerce.number().int().nonnegative(),
  nonce: z.string().min(8).max(64),
  data: z.string().max(4 * 1024 * 1024),
  sign: z.string().regex(/^[0-9a-f]{64}$/),
});

/** One problem with one field of a payload: `key` is an i18n message key. */
export const fieldIssueSchema = z.object({ path: z.string(), key: z.string() });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** `data` of an INVALID_INPUT answer. */
export const invalidInputDataSchema = z.object({ issues: z.array(fieldIssueSchema) });

/** `data` of RATE_LIMITED and CODE_SENT_TOO_RECENTLY answers. */
export const retryAfterDataSchema = z.object({ retryAfterSeconds: z.number().int().nonnegative() });

export type { CodeValue };
