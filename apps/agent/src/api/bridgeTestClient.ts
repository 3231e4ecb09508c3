import type WebSocket from 'ws';

export interface BridgeAnswer {
  id: number;
  error: number;
  value?: unknown;
  msg: string;
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
