import { ApiError, NETWORK_FAILURE } from '@facet/api-client';
import { Code } from '@facet/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { loginRefusal } from '../features/auth/loginErrors.ts';
import { refusalOf } from './refusal.ts';

// Keys come back as themselves, so the test sees which text was chosen.
const t = ((key: string) => `«${key}»`) as unknown as TFunction;

describe('what a failed call tells the person', () => {
  it('says nothing of a lost network or an ended session: those are announced once elsewhere', () => {
    for (const code of [NETWORK_FAILURE, Code.SESSION_EXPIRED, Code.FORCED_LOGOUT, Code.REFRESH_INVALID]) {
      expect(refusalOf(new ApiError(code, 'gone'), t), String(code)).toEqual({ silent: true });
    }
  });

  it("uses the server's text, its code's text when there is none, and 'unknown' for what is not an answer", () => {
    expect(refusalOf(new ApiError(Code.WRONG_CREDENTIALS, 'Wrong username or password.'), t)).toEqual({ silent: false, text: 'Wrong username or password.', issues: [] });
    expect(refusalOf(new ApiError(Code.WRONG_CREDENTIALS, ''), t)).toEqual({ silent: false, text: '«code.wrongCredentials»', issues: [] });
    expect(refusalOf(new TypeError('boom'), t)).toEqual({ silent: false, text: '«error.unknown»', issues: [] });
  });

  it('carries the field problems of an "input abnormal" answer, and ignores data that is not that shape', () => {
    const issues = [{ path: 'account', key: 'validation.account.required' }];
    expect(refusalOf(new ApiError(Code.INVALID_INPUT, 'Input abnormal', { issues }), t)).toMatchObject({ issues });
    expect(refusalOf(new ApiError(Code.INVALID_INPUT, 'Input abnormal', { issues: 'no' }), t)).toMatchObject({ issues: [] });
    expect(refusalOf(new ApiError(Code.WRONG_CREDENTIALS, 'x', { issues }), t)).toMatchObject({ issues: [] });
  });

  it('on the sign-in form: issues of its own fields go beside them, any other issue keeps the alert', () => {
    const own = new ApiError(Code.INVALID_INPUT, 'Input abnormal', { issues: [{ path: 'passwd', key: 'validation.password.length' }] });
    expect(loginRefusal(own, t)).toEqual({ fields: { passwd: '«validation.password.length»' }, alert: null });
    const foreign = new ApiError(Code.INVALID_INPUT, 'Input abnormal', { issues: [{ path: 'keep', key: 'k' }] });
    expect(loginRefusal(foreign, t)).toEqual({ fields: {}, alert: 'Input abnormal' });
    expect(loginRefusal(new ApiError(NETWORK_FAILURE, 'x'), t)).toEqual({ fields: {}, alert: null });
  });
});
