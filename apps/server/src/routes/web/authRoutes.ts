import {
  Code,
  captchaCall,
  loginCall,
  logoutCall,
  passwordCodeCall,
  passwordEditCall,
  passwordResetCall,
  refreshCall,
  registerCall,
  registerCodeCall,
} from '@facet/contracts';
import { actingAccount, actingSession } from '../../calls/context.ts';
import { bind, type CallBinding } from '../../calls/registerCalls.ts';
import { AppError } from '../../errors.ts';
import type { Services } from '../../services/container.ts';

/** Sign-up, sign-in, sessions and passwords: thin handlers over AccountService and SessionService. */
export function authRoutes(s: Services): CallBinding[] {
  return [
    bind(captchaCall, async (_payload, ctx) => {
      await s.limiter.hit('captchaPerIp', ctx.ip);
      return s.captchas.create();
    }),

    bind(registerCodeCall, async (payload, ctx) => {
      if (payload.type === 'mobile') throw new AppError(Code.MOBILE_REGISTRATION_UNSUPPORTED);
      return s.accounts.sendRegisterCode(payload.account, payload.captchaId, payload.captcha, ctx.language, ctx.ip);
    }),

    bind(registerCall, async (payload, ctx) => {
      if (payload.type !== 'email') throw new AppError(Code.MOBILE_REGISTRATION_UNSUPPORTED);
      return s.accounts.register(
        {
          email: payload.account,
          username: payload.username,
          password: payload.passwd,
          code: payload.code,
          invitationCode: payload.invitationCode,
          agreement: payload.agreement,
        },
        { keep: false, ip: ctx.ip, userAgent: ctx.userAgent, clientInfo: { via: 'register' } },
      );
    }),

    bind(loginCall, async (payload, ctx) =>
      s.accounts.login(
        payload.account,
        payload.passwd,
        {
          keep: payload.isKeep,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          clientInfo: payload.client,
        },
        { captchaId: payload.captchaId, captcha: payload.captcha },
      ),
    ),

    bind(refreshCall, async (payload, ctx) => {
      await s.limiter.hit('refreshPerIp', ctx.ip);
      return s.sessions.refresh(payload.refresh);
    }),

    bind(logoutCall, async (_payload, ctx) => {
      await s.sessions.end(actingAccount(ctx).id, actingSession(ctx).id);
      return null;
    }),

    bind(passwordEditCall, async (payload, ctx) => {
      await s.accounts.changePassword(actingAccount(ctx), payload.old, payload.passwd);
      return null;
    }),

    bind(passwordCodeCall, async (payload, ctx) =>
      s.accounts.sendResetCode(payload.account, payload.captchaId, payload.captcha, ctx.language, ctx.ip),
    ),

    bind(passwordResetCall, async (payload, ctx) => {
      await s.accounts.resetPassword(payload.account, payload.code, payload.passwd, ctx.ip);
      return null;
    }),
  ];
}
