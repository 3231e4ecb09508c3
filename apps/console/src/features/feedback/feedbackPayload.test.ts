import { describe, expect, it } from 'vitest';
import { feedbackPayload } from './feedbackPayload.ts';

describe('feedback payload (spec §3)', () => {
  it('drops blank contact fields and trims the rest', () => {
    expect(feedbackPayload({ score: 4, content: ' works well ', mobile: '  ', wechat: ' wx_1 ', skype: '' })).toEqual({ score: 4, content: 'works well', wechat: 'wx_1' });
  });
});
