import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Code } from '../codes.ts';
import { emailCodeField } from '../fields.ts';

/**
 * Binding a phone number or an e-mail address to the signed-in account (spec §2, §4, §7).
 * `type` is 'email', or the country code with a plus for a phone ('+86'). A code goes to the
 * address; binding with it replaces what was bound.
 */
const bindTarget = z.string().trim().min(1, { message: 'validation.required' }).max(254, { message: 'validation.tooLong' });

export const bindSendCall = defineCall({
  path: 'account/bind/send',
  method: 'post',
  access: 'session',
  tag: 'account',
  summary: 'Send a code to the e-mail address (type "email") or phone number (type "+86") to bind. Phones need an SMS provider.',
  codes: [Code.EMAIL_TAKEN, Code.CODE_SENT_TOO_RECENTLY, Code.MAIL_NOT_SENT, Code.SMS_UNAVAILABLE, Code.RATE_LIMITED],
  request: z.object({ type: z.string().trim().regex(/^(email|\+\d{1,4})$/, { message: 'validation.invalid' }), account: bindTarget }),
  response: z.object({ resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() }),
});

export const bindCall = defineCall({
  path: 'account/bind',
  method: 'post',
  access: 'session',
  tag: 'account',
  summary: 'Bind the address the code was sent to.',
  codes: [Code.CODE_WRONG, Code.CODE_EXPIRED, Code.CODE_TOO_MANY_TRIES, Code.EMAIL_TAKEN, Code.SMS_UNAVAILABLE],
  request: z.object({ type: z.string().trim().regex(/^(email|\+\d{1,4})$/, { message: 'validation.invalid' }), account: bindTarget, code: emailCodeField }),
  response: z.object({ type: z.enum(['mobile', 'email']), account: z.string() }),
});
