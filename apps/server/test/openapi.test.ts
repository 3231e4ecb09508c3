import { apiCalls, webCalls } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('API documentation', () => {
  it('serves a generated OpenAPI 3.1 document listing every call with its payload schema', async () => {
    const doc = (await (await fetch(`${server.baseUrl}/docs/json`)).json()) as { openapi: string; paths: Record<string, any> };
    expect(doc.openapi).toBe('3.1.0');
    for (const call of webCalls) {
      const op = doc.paths[`/v2/web/${call.path}`]?.[call.method];
      expect(op, call.path).toBeDefined();
      const data = op.requestBody.content['application/json'].schema.properties.data;
      expect(data.contentEncoding).toBe('base64');
      expect(data.contentSchema).toBeTypeOf('object');
    }
    for (const call of apiCalls) expect(doc.paths[`/v2/api/${call.path}`]?.[call.method]).toBeDefined();
    // The routes that are not signed calls are there too: /docs is the whole API.
    expect(doc.paths['/v2/web/plugin/upload']?.post.requestBody.content['multipart/form-data'].schema.properties.package.format).toBe('binary');
    expect(doc.paths['/v2/plugins/blob/{sha256}']?.get).toBeDefined();
    expect(doc.paths['/v2/pay/{orderId}']?.get).toBeDefined();
    expect(doc.paths['/v2/pay/stripe/webhook']?.post).toBeDefined();
    expect(doc.paths['/config.json']?.get).toBeDefined();
    // Calls that change something name the Idempotency-Key header; reads and sign-in do not.
    expect(doc.paths['/v2/web/browser/create'].post.parameters.map((p: { name: string }) => p.name)).toEqual(['Idempotency-Key']);
    expect(doc.paths['/v2/api/browser/create'].post.parameters.map((p: { name: string }) => p.name)).toEqual(['Idempotency-Key']);
    expect(doc.paths['/v2/web/browser/list'].post.parameters).toBeUndefined();
    expect(doc.paths['/v2/web/login'].post.parameters).toBeUndefined();
    expect(doc.paths['/v2/web/login'].post.requestBody.content['application/json'].schema.properties.data.contentSchema.required).toEqual(
      expect.arrayContaining(['account', 'passwd']),
    );
  });

  it('serves Swagger UI at /docs', async () => {
    const response = await fetch(`${server.baseUrl}/docs`, { redirect: 'follow' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger');
  });

  it('serves config.json with the signing key and hosts', async () => {
    const config = (await (await fetch(`${server.baseUrl}/config.json`)).json()) as Record<string, any>;
    expect(config.signKey).toBe(server.facet.signKey);
    expect(config.apiHost).toBe(server.baseUrl);
    expect(config.features).toEqual({ mobileRegistration: false, smtp: false, smsVerification: false });
    expect(config.support).toEqual({ email: 'support@facet.local', contacts: [] });
  });

  it('lists the operator’s messaging contacts and refuses a malformed list at start', async () => {
    const configured = await startTestServer({ FACET_SUPPORT_CONTACTS: 'wechat:facet_cs, telegram:@facet_help' });
    try {
      const config = (await (await fetch(`${configured.baseUrl}/config.json`)).json()) as { support: unknown };
      expect(config.support).toEqual({ email: 'support@facet.local', contacts: [{ kind: 'wechat', value: 'facet_cs' }, { kind: 'telegram', value: '@facet_help' }] });
    } finally {
      await configured.close();
    }
    await expect(startTestServer({ FACET_SUPPORT_CONTACTS: 'pager:123' })).rejects.toThrow(/FACET_SUPPORT_CONTACTS/);
  });
});
