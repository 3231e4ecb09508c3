import type { FastifyInstance } from 'fastify';

/**
 * Who may read the API's answers from a page of another origin: the server's public origin
 * (behind a reverse proxy), the desktop clients — each serves the console from its own agent on
 * this person's loopback (`http://127.0.0.1:<port>`), whichever machine it runs on — and the
 * origins FACET_CORS_ORIGINS names. Any other site gets no CORS headers, so its scripts cannot
 * read what they send.
 */
export function corsOriginAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (!origin) return true; // not a cross-origin browser request
  if (/^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d{1,5}$/.test(origin)) return true;
  return allowed.includes(origin);
}

/**
 * The console's pages run only our own scripts: no inline script, no eval, nothing framed. Styles
 * may be inline (the component library writes its CSS at run time); images may be data: (the
 * captcha) and blob: (files made for download).
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** On every answer: no sniffing, no framing, no referrer to other sites. */
export function registerWebProtection(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', "frame-ancestors 'none'");
    return payload;
  });
}
