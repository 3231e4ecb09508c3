import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Code } from '../codes.ts';
import { presentedPasswordField } from '../fields.ts';

/**
 * The account's API token for scripts (/v2/api/): "view" shows it, when it was made and last
 * used; "reset" replaces it. Both re-confirm the account password (spec §5).
 */
export const apiTokenInfoSchema = z.object({
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
  /** null for a token made before tokens were kept to be shown again: a reset makes one that is. */
  token: z.string().nullable(),
});
export type ApiTokenInfo = z.infer<typeof apiTokenInfoSchema>;

export const apiTokenViewCall = defineCall({
  path: 'apitoken/view',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'api-token',
  summary: 'Your API token, when it was made and last used (null: none yet). Main accounts only; re-confirmed with the password.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.WRONG_CREDENTIALS, Code.RATE_LIMITED],
  request: z.object({ passwd: presentedPasswordField }),
  response: z.object({ token: apiTokenInfoSchema.nullable() }),
});

export const apiTokenResetCall = defineCall({
  path: 'apitoken/reset',
  method: 'post',
  access: 'session',
  tag: 'api-token',
  summary: 'Make a new API token; the previous one stops working at once. Main accounts only; re-confirmed with the password.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.WRONG_CREDENTIALS, Code.RATE_LIMITED],
  request: z.object({ passwd: presentedPasswordField }),
  response: z.object({ token: z.string(), info: apiTokenInfoSchema }),
});
