import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Code } from '../codes.ts';
import {
  accountField,
  agreementField,
  captchaField,
  captchaIdField,
  emailCodeField,
  emailField,
  invitationCodeField,
  newPasswordField,
  presentedPasswordField,
  usernameField,
} from '../fields.ts';

const empty = z.object({}).strict();

/** What a successful sign-in, sign-up or refresh hands the client. */
export const sessionGrantSchema = z.object({
  /** Session token for `auth`; short-lived. */
  auth: z.string(),
  /** Revocable refresh credential for the silent re-login of spec §4; never the password. */
  refresh: z.string(),
  expiresAt: z.number().int(),
  refreshExpiresAt: z.number().int(),
});
export type SessionGrant = z.infer<typeof sessionGrantSchema>;

export const codeSentSchema = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});

export const captchaCall = defineCall({
  path: 'captcha',
  method: 'post',
  access: 'none',
  tag: 'auth',
  summary: 'A new 4-character graphic captcha (SVG data URL). Each captcha answers one check.',
  request: empty,
  response: z.object({ captchaId: z.string(), image: z.string(), expiresInSeconds: z.number().int() }),
});


export const registerCodeCall = defineCall({
  path: 'register/code',
  method: 'post',
  access: 'none',
  tag: 'auth',
  summary: 'Send a sign-up verification code to an e-mail address after a captcha check.',
  codes: [Code.CAPTCHA_WRONG, Code.CAPTCHA_EXPIRED, Code.CODE_SENT_TOO_RECENTLY, Code.EMAIL_TAKEN, Code.MOBILE_REGISTRATION_UNSUPPORTED, Code.RATE_LIMITED, Code.MAIL_NOT_SENT],
  request: z.discriminatedUnion('type', [
    z.object({ type: z.literal('email'), account: emailField, captchaId: captchaIdField, captcha: captchaField }),
    z.object({ type: z.literal('mobile'), account: z.string().max(32), captchaId: z.string().max(64).optional(), captcha: z.string().max(16).optional() }),
  ]),
  response: codeSentSchema,
});

export const registerCall = defineCall({
  path: 'register',
  method: 'post',
  access: 'none',
  tag: 'auth',
  summary: 'Create a main account from a verified e-mail address and sign it in.',
  codes: [Code.CODE_WRONG, Code.CODE_EXPIRED, Code.CODE_TOO_MANY_TRIES, Code.EMAIL_TAKEN, Code.USERNAME_TAKEN, Code.INVITATION_CODE_INVALID, Code.AGREEMENT_REQUIRED, Code.MOBILE_REGISTRATION_UNSUPPORTED],
  request: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('email'),
      account: emailField,
      username: usernameField,
      passwd: newPasswordField,
      code: emailCodeField,
      invitationCode: invitationCodeField,
      agreement: agreementField,
    }),
    z.object({ type: z.literal('mobile') }).passthrough(),
  ]),
  response: sessionGrantSchema,
});

export const clientInfoSchema = z
  .object({
    system: z.string().max(64).optional(),
    machine: z.string().max(64).optional(),
    version: z.string().max(32).optional(),
    mode: z.enum(['browser', 'client', 'mobile']).optional(),
  })
  .optional();

export const loginCall = defineCall({
  path: 'login',
  method: 'post',
  access: 'none',
  tag: 'auth',
  summary:
    'Sign in with an e-mail address or username and a password. After a few wrong passwords the next try also brings a captcha (1115; data.captcha on 2122 says so), and tries from one address wait a doubling delay (1005).',
  codes: [Code.WRONG_CREDENTIALS, Code.ACCOUNT_DISABLED, Code.RATE_LIMITED, Code.CAPTCHA_REQUIRED, Code.CAPTCHA_WRONG, Code.CAPTCHA_EXPIRED],
  request: z.object({
    account: accountField,
    passwd: presentedPasswordField,
    /** Asked for after wrong passwords (1115): the captcha's id and what the picture says. */
    captchaId: z.string().max(64).optional(),
    captcha: z.string().max(16).optional(),
    /** Keep me signed in: 1 lengthens the refresh credential's life. */
    isKeep: z.union([z.literal(0), z.literal(1), z.boolean()]).default(0).transform((v) => v === 1 || v === true),
    client: clientInfoSchema,
  }),
  response: sessionGrantSchema,
});

export const refreshCall = defineCall({
  path: 'auth/refresh',
  method: 'post',
  access: 'none',
  tag: 'auth',
  summary: 'Exchange the refresh credential for a new session token (and a new refresh credential).',
  codes: [Code.REFRESH_INVALID, Code.ACCOUNT_DISABLED],
  /** Empty in a cookie session (sessionCookie.ts): the server reads the HttpOnly refresh cookie. */
  request: z.object({ refresh: z.string().max(256) }),
  response: sessionGrantSchema,
});

export const logoutCall = defineCall({
  path: 'logout',
  method: 'post',
  access: 'session',
  tag: 'auth',
  summary: 'End this session and revoke its refresh credential.',
  request: empty,
  response: z.null(),
});

export const passwordEditCall = defineCall({
  path: 'account/passwd/edit',
  method: 'post',
  access: 'session',
  tag: 'auth',
  summary: 'Change the password; every session of the account ends and 887 is pushed to it.',
  codes: [Code.WRONG_CREDENTIALS, Code.PASSWORD_UNCHANGED],
  request: z.object({ old: presentedPasswordField, passwd: newPasswordField }),
  response: z.null(),
});

export const passwordCodeCall = defineCall({
  path: 'password/code',
  method: 'post',
  access: 'none',
  tag: 'auth',
  summary:
    'Send a password-reset code to an e-mail address after a captcha check. Answers the same whether or not an account uses the address.',
  codes: [Code.CAPTCHA_WRONG, Code.CAPTCHA_EXPIRED, Code.CODE_SENT_TOO_RECENTLY, Code.RATE_LIMITED, Code.MAIL_NOT_SENT],
  request: z.object({ type: z.literal('email'), account: emailField, captchaId: captchaIdField, captcha: captchaField }),
  response: codeSentSchema,
});

export const passwordResetCall = defineCall({
  path: 'password/reset',
  method: 'post',
  access: 'none',
  tag: 'auth',
  summary: 'Set a new password with an e-mailed code; every session of the account ends.',
  codes: [Code.CODE_WRONG, Code.CODE_EXPIRED, Code.CODE_TOO_MANY_TRIES],
  request: z.object({ type: z.literal('email'), account: emailField, code: emailCodeField, passwd: newPasswordField }),
  response: z.null(),
});
