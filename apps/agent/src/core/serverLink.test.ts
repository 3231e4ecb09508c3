import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { PublicConfig } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeServerUrl, probeServer, SERVER_FILE, ServerLink, ServerLinkRefusal } from './serverLink.ts';

const facetConfig: PublicConfig = {
  apiHost: 'http://x',
  pushHost: 'http://x',
  signKey: 'k',
  version: '1',
  download: { zh: '', other: '' },
  support: { email: '', contacts: [] },
  features: { mobileRegistration: false, smtp: false, smsVerification: false },
};

let facet: http.Server;
let other: http.Server;
let closedPort: number;
const base = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const listen = (server: http.Server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));

beforeAll(async () => {
  facet = http.createServer((req, res) => {
    if (req.url === '/config.json') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(facetConfig));
    else res.writeHead(404).end();
  });
  // Something else on a port: a web page where config.json would be.
  other = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>router</html>'));
  await Promise.all([listen(facet), listen(other)]);
  const probe = http.createServer();
  await listen(probe);
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(() => {
  facet.close();
  other.close();
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServerLinkRefusal) return error.reason;
    throw error;
  }
  throw new Error('not refused');
}

describe('normalizeServerUrl', () => {
  it('takes an address as people type it', () => {
    expect(normalizeServerUrl('192.168.1.5:8480')).toBe('http://192.168.1.5:8480');
    expect(normalizeServerUrl('  https://Facet.Example.com/ ')).toBe('https://facet.example.com');
    expect(normalizeServerUrl('https://example.com/facet//')).toBe('https://example.com/facet');
    expect(normalizeServerUrl('http://[::1]:8480')).toBe('http://[::1]:8480');
  });

  it.each(['ftp://example.com', 'http://user:pw@example.com', 'https://example.com/?a=1', 'https://example.com/#x', 'http://', 'not a url', 'javascript:alert(1)'])('refuses %s', (input) => {
    expect(() => normalizeServerUrl(input)).toThrow(ServerLinkRefusal);
  });
});

describe('probeServer', () => {
  it('accepts a Facet server and tells apart one that is not, or nothing at all', async () => {
    await expect(probeServer(base(facet))).resolves.toMatchObject({ signKey: 'k' });
    expect(await refusal(probeServer(base(other)))).toBe('notFacet');
    expect(await refusal(probeServer(`http://127.0.0.1:${closedPort}`))).toBe('unreachable');
  });
});

describe('ServerLink', () => {
  it('keeps the chosen server across restarts, written only when it answers', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-link-'));
    try {
      const link = new ServerLink(dataDir, null);
      expect(link.url).toBeNull();
      expect(await refusal(link.set(base(other)))).toBe('notFacet');
      expect(fs.existsSync(path.join(dataDir, SERVER_FILE))).toBe(false);
      const changes: string[] = [];
      link.onChange((url) => changes.push(url));
      expect(await link.set(`${base(facet)}/`)).toBe(base(facet));
      expect(changes).toEqual([base(facet)]);
      expect(fs.statSync(path.join(dataDir, SERVER_FILE)).mode & 0o777).toBe(0o600);
      // A refusal later leaves the saved server as it was.
      expect(await refusal(link.set(`http://127.0.0.1:${closedPort}`))).toBe('unreachable');
      expect(new ServerLink(dataDir, null).url).toBe(base(facet));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('follows FACET_SERVER_URL and refuses to be changed then', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-link-'));
    try {
      const link = new ServerLink(dataDir, 'http://127.0.0.1:1');
      expect(link.fixed).toBe(true);
      expect(await refusal(link.set(base(facet)))).toBe('fixed');
      expect(link.url).toBe('http://127.0.0.1:1');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('asks again when the saved file is not one it wrote', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-link-'));
    try {
      fs.writeFileSync(path.join(dataDir, SERVER_FILE), '{"url":"ftp://x"}');
      expect(new ServerLink(dataDir, null).url).toBeNull();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
