import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Every port the agent opens is reachable by any local process and any web page (an
 * `<img src="http://127.0.0.1:PORT/%FF">` is enough). A request whose handler throws must end as
 * that request's answer, never as the agent's exit: that exit took the running profiles' browsers
 * with it (issue 34). These wrappers catch what a handler throws, at once or later, and answer it.
 */

/**
 * Whether an error is the request's fault: a path that does not decode (`%FF`) or a URL that
 * does not parse. Told by the error's type and Node's code, never by its text.
 */
function isMalformedRequest(error: unknown): boolean {
  return error instanceof URIError || (error as { code?: unknown } | null)?.code === 'ERR_INVALID_URL';
}

/** The request's URL against a placeholder origin; null when it does not parse. */
export function requestUrl(request: IncomingMessage): URL | null {
  try {
    return new URL(request.url ?? '/', 'http://local');
  } catch {
    return null;
  }
}

type Log = (line: string) => void;
type RequestHandler = (request: IncomingMessage, response: ServerResponse) => unknown;

/** Answers a failed request: 400 for a malformed one, 500 for our own fault; a half-sent answer is cut. */
function answerFailure(response: ServerResponse, error: unknown): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const malformed = isMalformedRequest(error);
  response.writeHead(malformed ? 400 : 500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', connection: 'close' }).end(malformed ? 'bad request' : 'internal error');
}

/** `handler` for `http.createServer`, such that nothing it throws or rejects leaves the request. */
export function guardRequests(name: string, handler: RequestHandler, log: Log = defaultLog): RequestHandler {
  return (request, response) => {
    const fail = (error: unknown) => {
      if (!isMalformedRequest(error)) log(`${name}: a request failed: ${describe(error)}`);
      try {
        answerFailure(response, error);
      } catch {
        response.destroy();
      }
    };
    try {
      const result = handler(request, response);
      if (result instanceof Promise) result.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}

type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => unknown;

/** `handler` for a server's `upgrade` event: a failure closes that socket with a 400, nothing more. */
export function guardUpgrades(name: string, handler: UpgradeHandler, log: Log = defaultLog): UpgradeHandler {
  return (request, socket, head) => {
    // A socket reset by its client while we decide must not surface as an unhandled 'error'.
    socket.on('error', () => socket.destroy());
    const fail = (error: unknown) => {
      if (!isMalformedRequest(error)) log(`${name}: an upgrade failed: ${describe(error)}`);
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      else socket.destroy();
    };
    try {
      const result = handler(request, socket, head);
      if (result instanceof Promise) result.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function defaultLog(line: string): void {
  console.error(`Facet agent: ${line}`);
}
