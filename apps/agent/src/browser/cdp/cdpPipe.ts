import type { Readable, Writable } from 'node:stream';
import type { CdpTransport } from './cdp.ts';

/**
 * Chromium's `--remote-debugging-pipe`: CDP as NUL-terminated JSON on two file descriptors the
 * agent handed the browser (it reads fd 3, writes fd 4). No port: only the process holding the
 * pipe, the agent, can speak to the browser, where a DevTools port answers every local process.
 */
export function pipeTransport(toChromium: Writable, fromChromium: Readable): CdpTransport {
  const messageListeners: ((text: string) => void)[] = [];
  const closeListeners: ((why: string) => void)[] = [];
  let closed = false;
  const end = (why: string) => {
    if (closed) return;
    closed = true;
    for (const listener of closeListeners) listener(why);
  };
  let pending: Buffer[] = [];
  fromChromium.on('data', (chunk: Buffer) => {
    let start = 0;
    for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
      pending.push(chunk.subarray(start, end));
      const text = Buffer.concat(pending).toString('utf8');
      pending = [];
      start = end + 1;
      for (const listener of messageListeners) listener(text);
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  });
  fromChromium.on('close', () => end('the browser closed its DevTools pipe'));
  fromChromium.on('error', (error) => end(error.message));
  // A write after the browser went fails here; the close above tells whoever waits.
  toChromium.on('error', (error) => end(error.message));
  return {
    send: (text) => {
      if (!closed) toChromium.write(text + '\0');
    },
    onMessage: (listener) => void messageListeners.push(listener),
    onClose: (listener) => (closed ? listener('closed') : void closeListeners.push(listener)),
    close: () => {
      toChromium.end();
      end('closed by the agent');
    },
  };
}
