import { z } from 'zod';
import {
  validateCaptcha,
  validateEmail,
  validateEmailCode,
  validateInvitationCode,
  validateNewPassword,
  validatePresentedPassword,
  validateUsername,
  type Rule,
} from './validation.ts';

/**
 * Zod fields built on the shared rules, so a server refusal names the same message key the
 * console's form shows.
 */
function ruled<T>(base: z.ZodType<T>, rule: Rule<T>) {
  return base.superRefine((value, ctx) => {
    const key = rule(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });
}

const text = (max: number) => z.string({ error: 'validation.required' }).max(max, { error: 'validation.tooLong' });

export const emailField = ruled(text(254), validateEmail).transform((v) => v.trim().toLowerCase());
export const usernameField = ruled(text(64), validateUsername);
export const newPasswordField = ruled(text(256), validateNewPassword);
export const presentedPasswordField = ruled(text(256), validatePresentedPassword);
export const captchaField = ruled(text(16), validateCaptcha).transform((v) => v.trim());
export const emailCodeField = ruled(text(16), validateEmailCode).transform((v) => v.trim());
export const invitationCodeField = ruled(text(64), validateInvitationCode)
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
/** A boolean, checked by the server so an unticked box gets its own code (AGREEMENT_REQUIRED). */
export const agreementField = z.boolean({ error: 'validation.agreement.required' });
/** Login accepts an e-mail address or a username. */
export const accountField = ruled(text(254), (v) => (v.trim() === '' ? 'validation.account.required' : null)).transform(
  (v) => v.trim(),
);
export const captchaIdField = z.string({ error: 'validation.captcha.required' }).min(1).max(64);
