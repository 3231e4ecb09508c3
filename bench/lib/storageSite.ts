import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StorageSite {
  /** `http://127.0.0.1:P`; the same server also answers as `http://localhost:P`, a second origin. */
  url: string;
  /** A page that fills its origin's IndexedDB and Local Storage and fetches cacheable assets; `window.filled` settles when done. */
  fillUrl(origin: string, options: { randomRecords: number; recordBytes: number; assets: number; assetBytes: number }): string;
  /** A page that writes one more Local Storage entry. */
  noteUrl(origin: string, key: string): string;
  close(): Promise<void>;
}

/**
 * A site on loopback whose pages leave what a browsing session leaves in a profile: random
 * (incompressible) records in IndexedDB, compressible JSON in IndexedDB and Local Storage, and
 * cacheable assets in the HTTP cache. The page scripts write; the bench waits on `window.filled`.
 */
export async function startStorageSite(): Promise<StorageSite> {
  const pages: Record<string, (query: URLSearchParams) => string> = {
    '/': () => '<!doctype html><title>Bench shop</title><h1>Shop</h1>',
    '/fill': () => page('Bench account', fillScript),
    '/note': () => page('Bench note', noteScript),
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/asset/')) {
      // Random, so the cache holds what a real one would: bytes that do not compress.
      const bytes = Number(url.searchParams.get('bytes') ?? 1024);
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'cache-control': 'public, max-age=31536000, immutable', 'content-length': bytes });
      res.end(randomBytes(bytes));
      return;
    }
    const render = pages[url.pathname];
    res.writeHead(render ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(render ? render(url.searchParams) : 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    fillUrl: (origin, o) => `${origin}/fill?records=${o.randomRecords}&bytes=${o.recordBytes}&assets=${o.assets}&assetBytes=${o.assetBytes}`,
    noteUrl: (origin, key) => `${origin}/note?key=${encodeURIComponent(key)}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function page(title: string, script: string): string {
  return `<!doctype html><title>${title}</title><h1>${title}</h1><script>${script}</script>`;
}

/** Runs in the page: IndexedDB records of random bytes, an order history as JSON, a catalogue in Local Storage, cached assets. */
const fillScript = `
window.filled = (async () => {
  const q = new URLSearchParams(location.search);
  const records = Number(q.get('records')), bytes = Number(q.get('bytes'));
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open('shop', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('records');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const put = (key, value) => new Promise((resolve, reject) => {
    const tx = db.transaction('records', 'readwrite');
    tx.objectStore('records').put(value, key);
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  for (let i = 0; i < records; i++) {
    const data = new Uint8Array(bytes);
    // getRandomValues fills at most 64 KiB per call.
    for (let at = 0; at < bytes; at += 65536) crypto.getRandomValues(data.subarray(at, Math.min(bytes, at + 65536)));
    await put('random-' + i, data);
  }
  const orders = Array.from({ length: 20000 }, (_, i) => ({ id: i, sku: 'SKU-' + (i % 997), quantity: 1 + (i % 5), status: i % 3 ? 'shipped' : 'pending', address: { city: 'Berlin', street: 'Hauptstrasse ' + (i % 200) } }));
  await put('orders', orders);
  localStorage.setItem('catalogue', JSON.stringify(orders.slice(0, 8000)));
  const assets = Number(q.get('assets')), assetBytes = Number(q.get('assetBytes'));
  for (let i = 0; i < assets; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, assets - i) }, (_, j) => fetch('/asset/' + (i + j) + '?bytes=' + assetBytes).then((r) => r.arrayBuffer())));
  }
  return true;
})();`;

const noteScript = `
window.filled = (async () => {
  const key = new URLSearchParams(location.search).get('key');
  localStorage.setItem(key, JSON.stringify({ at: Date.now(), text: 'one more entry' }));
  return true;
})();`;
