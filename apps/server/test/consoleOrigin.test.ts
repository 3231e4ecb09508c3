import { describe, expect, it } from 'vitest';
import { consoleOriginFor } from '../src/payments/consoleOrigin.ts';

describe('the console origin of a checkout', () => {
  const server = 'https://facet.example.com';
  it('comes back to the desktop client on loopback, or to this server', () => {
    expect(consoleOriginFor('http://127.0.0.1:50217', server)).toBe('http://127.0.0.1:50217');
    expect(consoleOriginFor('http://localhost:3000/wel/browser', server)).toBe('http://localhost:3000');
    expect(consoleOriginFor(server, server)).toBe(server);
    expect(consoleOriginFor(undefined, server)).toBe(server);
  });

  it('never goes anywhere else', () => {
    for (const claimed of ['https://evil.example', 'https://127.0.0.1:443', 'http://127.0.0.1.evil.example', 'javascript:alert(1)', 'not a url', 'http://user@evil.example']) {
      expect(consoleOriginFor(claimed, server), claimed).toBe(server);
    }
  });
});
