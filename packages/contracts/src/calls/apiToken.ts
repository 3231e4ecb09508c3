import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Code } from '../codes.ts';
import { presentedPasswordField } from '../fields.ts';

/**
 * The account's API token for scripts (/v2/api/). It is stored hashed, so "view" shows what is
 * known of it — whether one exists, when it was made and last used — and only a reset shows a
 * token, that once. Both re-confirm the account password (spec §5).
 */
export const apiTokenInfoSchema = z.object({
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
});
export type ApiTokenInfo = z.infer<typeof apiTokenInfoSchema>;

export const apiTokenViewCall = defineCall({
  path: 'apitoken/view',
  method: 'post',
  access: 'session',
  tag: 'api-token',
  summary: 'Whether your account has an API token, when it was made and last used. Main accounts only; re-confirmed with the password.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.WRONG_CREDENTIALS, Code.RATE_LIMITED],
  request: z.object({ passwd: presentedPasswordField }),
  response: z.object({ token: apiTokenInfoSchema.nullable() }),
});

export const apiTokenResetCall = defineCall({
  path: 'apitoken/reset',
  method: 'post',
  access: 'session',
  tag: 'api-token',
  summary: 'Make a new API token; the previous one stops working at once. The token is in this answer only. Main accounts only; re-confirmed with the password.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.WRONG_CREDENTIALS, Code.RATE_LIMITED],
  request: z.object({ passwd: presentedPasswordField }),
  response: z.object({ token: z.string(), info: apiTokenInfoSchema }),
});
