import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/** A GET with exactly the Accept-Encoding given (fetch would add its own and undo the encoding). */
function get(url: string, acceptEncoding: string | null): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
  });
}

describe('the console as the browser version downloads it', () => {
  let server: TestServer;
  let consoleDir: string;
  const script = Buffer.from(`export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `text number ${i}`))};\n`);

  beforeAll(async () => {
    // A build as apps/console/precompress.ts leaves it: each asset with its .br and .gz.
    consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-console-'));
    fs.mkdirSync(path.join(consoleDir, 'assets'));
    fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(consoleDir, 'assets/index-abc123.js'), script);
    fs.writeFileSync(path.join(consoleDir, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(consoleDir, 'assets/index-abc123.js.gz'), zlib.gzipSync(script));
    fs.writeFileSync(path.join(consoleDir, 'assets/tiny-def456.js'), 'export {};\n');
    server = await startTestServer({ FACET_CONSOLE_DIR: consoleDir });
  });

  afterAll(async () => {
    await server.close();
    fs.rmSync(consoleDir, { recursive: true, force: true });
  });

  it('goes brotli-compressed to a browser that takes brotli, as built, cached for good', async () => {
    const answer = await get(`${server.baseUrl}/assets/index-abc123.js`, 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toContain('immutable');
    expect(answer.body.length).toBeLessThan(script.length / 3);
    expect(zlib.brotliDecompressSync(answer.body).equals(script)).toBe(true);
  });

  it('goes gzip-compressed to a browser that takes only gzip', async () => {
    const answer = await get(`${server.baseUrl}/assets/index-abc123.js`, 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(answer.body).equals(script)).toBe(true);
  });

  it('goes as it is to a client that takes no encoding, and where nothing compressed was built', async () => {
    const plain = await get(`${server.baseUrl}/assets/index-abc123.js`, null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.equals(script)).toBe(true);
    const tiny = await get(`${server.baseUrl}/assets/tiny-def456.js`, 'gzip, br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};\n');
  });

  it('still answers a page of the console with index.html', async () => {
    const answer = await get(`${server.baseUrl}/wel/browser`, 'gzip, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(answer.body.toString()).toContain('<div id="root">');
  });
});
