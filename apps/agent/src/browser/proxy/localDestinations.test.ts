import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { isLocalAddress, isLocalDestination } from './localDestinations.ts';

describe('what counts as this machine for port-scan protection', () => {
  it('knows loopback in every spelling, the unspecified address and its own interfaces', () => {
    for (const local of ['127.0.0.1', '127.8.9.10', '0.0.0.0', '::1', '[::1]', '::ffff:127.0.0.1', 'localhost', 'LOCALHOST.', 'app.localhost']) {
      expect(isLocalDestination(local), local).toBe(true);
    }
    const own = Object.values(os.networkInterfaces()).flat().find((entry) => entry && !entry.internal)?.address;
    if (own) expect(isLocalAddress(own), own).toBe(true);
  });

  it('leaves other hosts to the proxy', () => {
    for (const remote of ['8.8.8.8', '10.1.2.3', '2001:db8::1', 'example.com', 'localhost.example.com', '128.0.0.1']) {
      expect(isLocalDestination(remote), remote).toBe(false);
    }
  });
});
