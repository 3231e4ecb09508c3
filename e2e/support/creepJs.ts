import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';

const fixture = path.join(import.meta.dirname, '../fixtures/vendor/creepjs');
const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.ico': 'image/x-icon' };

export interface CreepJsServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** CreepJS's prebuilt page (e2e/fixtures/vendor/creepjs) on 127.0.0.1; its workers load creep.js from here too. */
export async function startCreepJs(): Promise<CreepJsServer> {
  const server = http.createServer((request, response) => {
    const name = new URL(request.url ?? '/', 'http://x').pathname.slice(1) || 'index.html';
    const file = path.join(fixture, path.basename(name));
    if (!fs.existsSync(file) || !(path.extname(file) in types)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[path.extname(file)]!, 'cache-control': 'no-store' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** What a stock Chromium shows on a machine without a GPU (SwiftShader): the machine's, not ours. */
export const machineTrash = /^WebGLRenderingContext\.getParameter: suspicious (gpu|capabilities)$/;

/**
 * The surfaces the default options change by a page script (docs/fingerprint.md), as CreepJS
 * names them: the WebGL metadata and the media device list. (The platform in workers comes from a
 * copy of the build that reports it, the WebGL image's noise from a driver in front of
 * SwiftShader: no stand-in for either.)
 */
export const changedByDefault = /^(WebGLRenderingContext|WebGL2RenderingContext)\.getParameter$|^MediaDevices\.enumerateDevices$/;

/** At most this many, with the default options on a Windows profile on this Linux machine (203 before, 6 with a worker stand-in, 5 with readPixels stand-ins). */
export const DEFAULT_LIE_BUDGET = 3;

/** What CreepJS concluded about the browser it ran in. */
export interface CreepVerdict {
  /** Every lie it documented, by API, with its reasons (window and worker scopes together). */
  lies: Record<string, string[]>;
  /** CreepJS's own count: the reasons added up. */
  totalLies: number;
  stealthRating: number;
  stealth: string[];
  headlessRating: number;
  headless: string[];
  trash: string[];
  /** The worker scope's own findings (prototype lies, OS and engine mismatches); false where none. */
  workerLies: Record<string, unknown>;
  hashes: { canvas: string; audio: string; webglPixels: string; webglImage: string };
  gpu: string;
}

/**
 * CreepJS's verdict in a profile whose start page is CreepJS, read over a connection to that page
 * alone, so that nothing a client enables on the rest of the browser changes what it reads. The
 * page list is under the start's secret, as the agent's endpoint names it (browser/cdp/cdpEndpoint.ts).
 */
export async function readCreepJs(browserEndpoint: string, server: CreepJsServer): Promise<CreepVerdict> {
  const devtools = new URL(browserEndpoint);
  const secret = devtools.pathname.split('/').pop()!;
  const deadline = Date.now() + 60_000;
  let pageEndpoint: string | undefined;
  while (!pageEndpoint && Date.now() < deadline) {
    const targets = (await (await fetch(`http://${devtools.host}/${secret}/json/list`)).json()) as { type: string; url: string; webSocketDebuggerUrl: string }[];
    pageEndpoint = targets.find((t) => t.type === 'page' && t.url.startsWith(server.url))?.webSocketDebuggerUrl;
    if (!pageEndpoint) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!pageEndpoint) throw new Error(`no page of ${server.url} in the profile`);
  const socket = new WebSocket(pageEndpoint);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let id = 0;
  const evaluate = (expression: string) =>
    new Promise<unknown>((resolve, reject) => {
      const mine = ++id;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as { id?: number; result?: { result: { value?: unknown } }; error?: { message: string } };
        if (message.id !== mine) return;
        socket.off('message', onMessage);
        if (message.error) reject(new Error(message.error.message));
        else resolve(message.result!.result.value);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id: mine, method: 'Runtime.evaluate', params: { expression, returnByValue: true } }));
    });
  try {
    while (Date.now() < deadline) {
      const verdict = await evaluate(VERDICT);
      if (verdict) return verdict as CreepVerdict;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('CreepJS gave no verdict in a minute');
  } finally {
    socket.close();
  }
}

/** Read in the page once CreepJS has left its result in window.Fingerprint; null before. */
const VERDICT = `(() => {
  const fp = window.Fingerprint;
  if (!fp) return null;
  const on = (flags) => Object.keys(flags || {}).filter((key) => flags[key]);
  // The WebGL images CreepJS drew (data URLs), as a short hash.
  const textHash = (text) => {
    let h = 0x811c9dc5, g = 7;
    for (let i = 0; i < text.length; i += 1) { h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0; g = (Math.imul(g, 31) + text.charCodeAt(i)) >>> 0; }
    return h.toString(16).padStart(8, '0') + g.toString(16).padStart(8, '0');
  };
  return {
    lies: fp.lies.data,
    totalLies: fp.lies.totalLies,
    stealthRating: fp.headless.stealthRating,
    stealth: on(fp.headless.stealth),
    headlessRating: fp.headless.headlessRating,
    headless: on(fp.headless.headless),
    trash: fp.trash.trashBin.map((t) => t.name + ': ' + t.value),
    workerLies: (fp.workerScope && fp.workerScope.lies) || {},
    hashes: { canvas: (fp.canvas2d && fp.canvas2d.$hash) || '', audio: (fp.offlineAudioContext && fp.offlineAudioContext.$hash) || '', webglPixels: (fp.canvasWebgl && fp.canvasWebgl.pixels) || '', webglImage: textHash(fp.canvasWebgl ? String(fp.canvasWebgl.dataURI) + String(fp.canvasWebgl.dataURI2) : '') },
    gpu: (fp.canvasWebgl && fp.canvasWebgl.parameters && fp.canvasWebgl.parameters.UNMASKED_RENDERER_WEBGL) || '',
  };
})()`;
