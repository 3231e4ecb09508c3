import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Loopback pages for the window synchronizer: a form whose own script records every event it
 * gets (type, element, isTrusted, Date.now and performance.now) into the DOM, and the stack of
 * an error made in its button's click listener; a second page a link leads to; and an
 * unrelated page a follower may wander off to.
 */
const FORM = `<!doctype html><html><head><meta charset="utf-8"><title>form</title></head><body>
<input id="name" autocomplete="off" style="width:300px">
<button id="go" style="width:120px;height:40px">Go</button>
<a id="next" href="/next">next page</a>
<div style="height:4000px"></div>
<pre id="log"></pre>
<script>
  const events = [];
  const record = (e) => {
    events.push({ type: e.type, target: e.target && e.target.id ? e.target.id : String(e.target && e.target.nodeName), trusted: e.isTrusted, at: Date.now(), perf: performance.now() });
    document.getElementById('log').textContent = JSON.stringify(events);
  };
  for (const type of ['mousedown', 'mouseup', 'click', 'keydown', 'input', 'wheel']) document.addEventListener(type, record, true);
  document.getElementById('go').addEventListener('click', () => { document.getElementById('log').dataset.stack = new Error('probe').stack; });
</script></body></html>`;

const PAGE = (title: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

export interface SyncFormPages {
  url: string;
  close(): Promise<void>;
}

export async function startSyncFormPages(): Promise<SyncFormPages> {
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const body = path === '/form' ? FORM : path === '/next' ? PAGE('next') : path === '/elsewhere' ? PAGE('elsewhere') : null;
    if (body === null) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
