import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { CONSOLE_CSP } from '../security/webProtection.ts';

/**
 * Serves the built console as the browser version. Unknown paths outside the API get
 * index.html, so client-side routes (/wel/…, /login) load on refresh. A file goes as the build
 * compressed it (`x.br`, `x.gz`: apps/console/precompress.ts) to a browser that accepts that,
 * so no request spends the server's time compressing.
 */
export async function consoleRoute(app: FastifyInstance, consoleDir: string): Promise<boolean> {
  const index = path.join(consoleDir, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ consoleDir }, 'console build not found: the server answers the API only');
    return false;
  }
  await app.register(fastifyStatic, { root: consoleDir, index: false, wildcard: false, cacheControl: false, preCompressed: true,
    setHeaders: (reply, file) => {
      // Hashed assets never change; index.html must always be fresh.
      reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const html = fs.readFileSync(index, 'utf8');
  app.get('/*', (request, reply) => {
    // API paths that no route matched are unknown calls, not console pages.
    if (/^\/(v2|docs|socket\.io)(\/|$)/.test(request.url)) return reply.callNotFound();
    const file = path.join(consoleDir, path.normalize((request.params as { '*': string })['*']));
    if (file.startsWith(consoleDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) return reply.sendFile(path.relative(consoleDir, file));
    return reply.type('text/html').header('cache-control', 'no-cache').header('content-security-policy', CONSOLE_CSP).send(html);
  });
  return true;
}
