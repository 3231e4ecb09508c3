import { describe, expect, it } from 'vitest';
import { remoteStreamUrl, serverUrl } from './streamUrl.ts';

describe('remoteStreamUrl', () => {
  it('follows the API base, not the page, and its scheme', () => {
    expect(remoteStreamUrl('https://facet.example.com/', 'http://127.0.0.1:50325/wel/browser', 'abc')).toBe('wss://facet.example.com/v2/remote/stream?ticket=abc');
    expect(remoteStreamUrl('http://10.0.0.5:8480', 'http://127.0.0.1:50325/', 't')).toBe('ws://10.0.0.5:8480/v2/remote/stream?ticket=t');
  });

  it('takes the page origin when the API base is relative', () => {
    expect(remoteStreamUrl('/', 'https://team.example.org/remote/r1', 'a+b')).toBe('wss://team.example.org/v2/remote/stream?ticket=a%2Bb');
  });
});

describe('serverUrl', () => {
  it('is the API base origin', () => {
    expect(serverUrl('/', 'https://team.example.org/wel/account/hosts')).toBe('https://team.example.org');
    expect(serverUrl('http://10.0.0.5:8480/', 'http://127.0.0.1:50325/')).toBe('http://10.0.0.5:8480');
  });
});
