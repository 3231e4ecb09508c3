import { ApiError } from '@facet/api-client';
import { Code, validatePresentedPassword } from '@facet/contracts';
import type { TFunction } from 'i18next';
import { refusalOf } from '../../lib/refusal.ts';

export type LoginField = 'account' | 'passwd' | 'captcha';
export type FieldErrors = Partial<Record<LoginField, string>>;

export interface LoginValues {
  account: string;
  passwd: string;
  keep: boolean;
  captcha: string;
}

/** The sign-in form's own checks, as antd's rules did them: an account, and a password as the contracts accept one. */
export function checkLoginValues(values: LoginValues, t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.account.trim()) errors.account = t('validation.account.required');
  const password = validatePresentedPassword(values.passwd);
  if (password) errors.passwd = t(password);
  return errors;
}

/** Answers after which the next try brings a captcha (several wrong passwords for this sign-in). */
export function asksForCaptcha(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === Code.CAPTCHA_REQUIRED || error.code === Code.CAPTCHA_WRONG || error.code === Code.CAPTCHA_EXPIRED) return true;
  return error.code === Code.WRONG_CREDENTIALS && (error.data as { captcha?: unknown } | null)?.captcha === true;
}

const loginFields = new Set<string>(['account', 'passwd', 'captcha']);

/**
 * Where a refused sign-in is shown: the server's field issues beside their fields, anything else
 * in the form's alert, with the server's text. A network failure or a session problem is
 * announced once elsewhere (SessionEvents), so it is neither.
 */
export function loginRefusal(error: unknown, t: TFunction): { fields: FieldErrors; alert: string | null } {
  const refusal = refusalOf(error, t);
  if (refusal.silent) return { fields: {}, alert: null };
  const fields: FieldErrors = {};
  for (const issue of refusal.issues) if (loginFields.has(issue.path)) fields[issue.path as LoginField] = t(issue.key);
  const placedAll = refusal.issues.length > 0 && refusal.issues.every((issue) => loginFields.has(issue.path));
  return { fields, alert: placedAll ? null : refusal.text };
}
