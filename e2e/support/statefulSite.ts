import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StatefulSite {
  url: string;
  close(): Promise<void>;
}

/**
 * Two pages of a "shop" on loopback, for the journeys that follow a profile's state between
 * machines: the page writes nothing itself, the test writes cookies and storage into it as a
 * site's script would, and their titles are what the history and the tabs show.
 */
export async function startStatefulSite(): Promise<StatefulSite> {
  const pages: Record<string, string> = {
    '/': '<!doctype html><title>Sync shop</title><h1>Shop</h1>',
    '/cart': '<!doctype html><title>Sync cart</title><h1>Cart</h1>',
  };
  const server = http.createServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
