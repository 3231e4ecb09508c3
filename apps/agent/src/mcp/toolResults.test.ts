import { describe, expect, it } from 'vitest';
import { cappedTextResult, localApiResult } from './toolResults.ts';

describe('tool results', () => {
  it('a local API answer: data on success, the stable msg as an error result on refusal', () => {
    expect(localApiResult({ code: 0, msg: 'success', data: { profile_id: 'p1' } })).toEqual({ content: [{ type: 'text', text: '{"profile_id":"p1"}' }] });
    expect(localApiResult({ code: -1, msg: 'profile_not_found' })).toEqual({ isError: true, content: [{ type: 'text', text: '{"error":"profile_not_found"}' }] });
  });

  it('long text is cut and says how much of it was shown', () => {
    expect(cappedTextResult('abc', 3).content).toEqual([{ type: 'text', text: 'abc' }]);
    expect(cappedTextResult('abcdef', 4).content).toEqual([{ type: 'text', text: 'abcd\n[cut: the first 4 of 6 characters]' }]);
  });
});
