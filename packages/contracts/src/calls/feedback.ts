import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Code } from '../codes.ts';

export const FEEDBACK_CONTENT_MAX = 500;
export const FEEDBACK_CONTACT_MAX = 30;

/** An optional contact: blank is the same as left out (spec §5: empty fields are dropped). */
const contact = z
  .string()
  .trim()
  .max(FEEDBACK_CONTACT_MAX, { message: 'validation.tooLong' })
  .optional()
  .transform((v) => (v ? v : undefined));

export const feedbackCall = defineCall({
  path: 'feedback',
  method: 'post',
  access: 'session',
  tag: 'account',
  summary: 'Send the operator a score (1–5) and a comment, with optional ways to reach you back.',
  codes: [Code.RATE_LIMITED],
  request: z.object({
    score: z.number({ error: 'validation.feedback.score' }).int().min(1, { message: 'validation.feedback.score' }).max(5, { message: 'validation.feedback.score' }),
    content: z.string({ error: 'validation.required' }).trim().min(1, { message: 'validation.required' }).max(FEEDBACK_CONTENT_MAX, { message: 'validation.tooLong' }),
    mobile: contact,
    wechat: contact,
    skype: contact,
  }),
  response: z.object({ id: z.string() }),
});
