import WebSocket from 'ws';

export interface BridgeAnswer {
  id: number;
  error: number;
  type: string;
  msg: string;
  /** The request's parameter, echoed. */
  parameter?: unknown;
  value?: unknown;
}

/** Tests: one request over the bridge socket and its reply (matched by id; pushes are skipped). */
export function askBridge(ws: WebSocket, id: number, type: string, parameter?: unknown): Promise<BridgeAnswer> {
  return new Promise((resolve) => {
    const onMessage = (raw: WebSocket.RawData) => {
      const reply = JSON.parse(raw.toString());
      if (reply.id === id) {
        ws.off('message', onMessage);
        resolve(reply);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, type, parameter }));
  });
}

/**
 * Tests: the bridge as the app window reaches it: a launch link spent for the session cookie,
 * the page's secret read with it, and the socket opened with the page's Origin and the cookie.
 */
export async function openAdmittedBridge(agent: { port: number; url: string; launchUrl(): string }): Promise<{ ws: WebSocket; secret: string }> {
  const admitted = await fetch(agent.launchUrl(), { redirect: 'manual' });
  const cookie = admitted.headers.get('set-cookie')!.split(';')[0]!;
  const secret = /"secret":"([^"]+)"/.exec(await (await fetch(agent.url, { headers: { cookie } })).text())![1]!;
  const ws = new WebSocket(`ws://127.0.0.1:${agent.port}/bridge`, { origin: `http://127.0.0.1:${agent.port}`, headers: { cookie } });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, secret };
}
