import { describe, expect, it } from 'vitest';
import { CdpError } from './cdp.ts';

describe('CdpError.fromAnswer', () => {
  it('tells a target that has gone, a command a target lacks, and a real refusal apart, once', () => {
    expect(CdpError.fromAnswer('Page.enable', { code: -32601, message: "'Page.enable' wasn't found" }).kind).toBe('unsupported');
    expect(CdpError.fromAnswer('Emulation.setUserAgentOverride', { code: -32001, message: 'Session with given id not found.' }).kind).toBe('closed');
    expect(CdpError.fromAnswer('Runtime.evaluate', { code: -32000, message: 'Cannot find context with specified id' }).kind).toBe('closed');
    expect(CdpError.fromAnswer('Storage.setCookies', { code: -32602, message: 'Invalid cookie fields' }).kind).toBe('protocol');
  });
});
