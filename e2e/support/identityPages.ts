import dgram from 'node:dgram';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/** The identity fields a site reads without drawing anything. */
const NAVIGATOR_FIELDS = `userAgent: navigator.userAgent, platform: navigator.platform, language: navigator.language, languages: [...navigator.languages], locale: Intl.DateTimeFormat().resolvedOptions().locale,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, hardwareConcurrency: navigator.hardwareConcurrency, deviceMemory: navigator.deviceMemory,
  hintsPlatform: navigator.userAgentData ? navigator.userAgentData.platform : null,
  screen: typeof screen === 'undefined' ? 'no screen in a worker' : [screen.width, screen.height, screen.availWidth, screen.availHeight, outerWidth <= screen.width && outerHeight <= screen.height]`;

/**
 * What the start page's first script reads: the same without WebGL, whose context would cost a
 * profile (SwiftShader) tens of ms at parse that a bare Chromium without WebGL skips, and so
 * skew the launch bench, which loads this page in both.
 */
const FIRST_REPORT = `({ ${NAVIGATOR_FIELDS} })`;

/** What every scope reports: the identity fields a site reads. */
const REPORT = `({ ${NAVIGATOR_FIELDS},
  webgl: (() => {
    const gl = (typeof document === 'undefined' ? new OffscreenCanvas(8, 8) : document.createElement('canvas')).getContext('webgl');
    if (!gl) return 'no WebGL';
    const hidden = gl.getParameter(0x9246);
    gl.getError();
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return [hidden, gl.getParameter(info.UNMASKED_VENDOR_WEBGL), gl.getParameter(info.UNMASKED_RENDERER_WEBGL), gl.getParameter(gl.MAX_TEXTURE_SIZE), [...gl.getParameter(gl.MAX_VIEWPORT_DIMS)]];
  })() })`;

/**
 * Fonts the surfaces report looks for: DejaVu and Liberation come with Chromium on Debian (local()
 * finds them by name); Arial is no local font there, but fontconfig draws it with Liberation Sans.
 */
export const PROBED_FONTS = ['DejaVu Sans', 'Liberation Sans', 'Liberation Mono', 'Arial'];

/**
 * What a fingerprinting script reads of fonts, media devices, battery and WebRTC, as one promise
 * that works in a window and in a worker: which fonts local() loads, which ones change the width
 * of canvas text against the monospace fallback, FontFaceSet.check, the device list, the battery.
 */
const SURFACES = `(async () => {
  const fonts = ${JSON.stringify(PROBED_FONTS)};
  const canvas = typeof document === 'undefined' ? new OffscreenCanvas(8, 8) : document.createElement('canvas');
  const context = canvas.getContext('2d');
  const width = (font) => { context.font = font; return context.measureText('mmmmmmmmmmlli').width; };
  const fontSet = typeof document === 'undefined' ? self.fonts : document.fonts;
  const report = { localFonts: [], drawnFonts: [], fontChecks: fonts.concat('No Such Font').map((font) => fontSet.check('12px "' + font + '"')) };
  for (const font of fonts) {
    if (await new FontFace('probe', 'local("' + font + '")').load().then(() => true, () => false)) report.localFonts.push(font);
    if (width('72px "' + font + '", monospace') !== width('72px monospace')) report.drawnFonts.push(font);
  }
  context.font = '72px "DejaVu Sans", monospace';
  report.canvasFont = context.font;
  if (self.navigator.mediaDevices) {
    report.devices = (await navigator.mediaDevices.enumerateDevices()).map((d) => [d.kind, d.deviceId, d.groupId, d.label, d instanceof (d.kind === 'audiooutput' ? MediaDeviceInfo : InputDeviceInfo)].join('|'));
  }
  if (self.navigator.getBattery) {
    const b = await navigator.getBattery();
    report.battery = { charging: b.charging, level: b.level, chargingTime: b.chargingTime, dischargingTime: b.dischargingTime };
  }
  report.webrtc = ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCIceCandidate', 'RTCSessionDescription'].filter((name) => typeof self[name] === 'function');
  return report;
})()`;

/** What DOM layout shows of fonts: widths in CSS pixels of the same text, 72px. */
export interface Layout {
  /** In `monospace` alone: what an unknown family falls back to. */
  fallback: number;
  /** Per family: in `"X", monospace`, and in a family whose CSS @font-face source is local("X"), monospace. */
  fonts: Record<string, { family: number; local: number }>;
  /** In serif, sans-serif and monospace, an emoji and Chinese/Japanese text in the page's default font. */
  generics: Record<'serif' | 'sans-serif' | 'monospace' | 'emoji' | 'cjk', number>;
}

/**
 * DOM layout, as a font-probing script measures it: spans laid out in each family with monospace
 * behind it, the same through CSS @font-face { src: local() }. No page script stands between
 * this and the browser's fonts; only the fonts the browser has do.
 */
const LAYOUT = `async (families) => {
  const text = 'mmmmmmmmmmlli WwQq 0123';
  const style = document.createElement('style');
  style.textContent = families.map((family, i) => '@font-face { font-family: "layout-local-' + i + '"; src: local(' + JSON.stringify(family) + '); }').join('\\n');
  document.head.appendChild(style);
  // A local() face loads when text needs it: ask for each, whether it is there or not.
  await Promise.allSettled(families.map((family, i) => document.fonts.load('72px "layout-local-' + i + '"', text)));
  const width = (fontFamily, content) => {
    const span = document.createElement('span');
    span.style.cssText = 'position: absolute; white-space: pre; font-size: 72px';
    span.style.fontFamily = fontFamily;
    span.textContent = content || text;
    document.body.appendChild(span);
    const measured = span.getBoundingClientRect().width;
    span.remove();
    return measured;
  };
  const fonts = {};
  families.forEach((family, i) => { fonts[family] = { family: width(JSON.stringify(family) + ', monospace'), local: width('"layout-local-' + i + '", monospace') }; });
  style.remove();
  return { fallback: width('monospace'), fonts, generics: { serif: width('serif'), 'sans-serif': width('sans-serif'), monospace: width('monospace'), emoji: width('', '\\u{1F600}\\u{1F44D}\\u2764\\uFE0F'), cjk: width('sans-serif', '\\u65E5\\u672C\\u8A9E\\u4E2D\\u6587') } };
}`;

/**
 * A real peer connection gathering candidates against a STUN server: what its icecandidate
 * events, its local description and its stats say of where the machine is.
 */
const ICE_REPORT = `async (stunUrl) => {
  const connection = new RTCPeerConnection({ iceServers: [{ urls: stunUrl }] });
  const candidates = [];
  connection.addEventListener('icecandidate', (e) => { if (e.candidate) candidates.push(e.candidate.candidate); });
  connection.createDataChannel('probe');
  await connection.setLocalDescription(await connection.createOffer());
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, 10000);
    connection.addEventListener('icegatheringstatechange', () => { if (connection.iceGatheringState === 'complete') { clearTimeout(timer); resolve(); } });
  });
  const sdp = connection.localDescription.sdp.split('\\r\\n').filter((line) => /^(c=|a=candidate|a=rtcp:)/.test(line));
  const offer = (await connection.createOffer()).sdp.split('\\r\\n').filter((line) => /^(c=|a=candidate|a=rtcp:)/.test(line));
  const stats = [];
  (await connection.getStats()).forEach((s) => { if (s.type === 'local-candidate') stats.push(s.candidateType + ' ' + s.address + ' ' + s.ip); });
  connection.close();
  return { candidates, sdp, offer, stats };
}`;

const pages: Record<string, [string, string]> = {
  '/': [
    'text/html',
    `<!doctype html><title>identity</title><script>
  // What the page's first script reads, before anything else of it runs.
  window.firstReport = ${FIRST_REPORT};
</script><iframe src="/frame"></iframe><button id="popup" onclick="window.popupWindow = window.open('/?popup')">popup</button><script>
  window.report = () => (${REPORT});
  window.fromFrame = () => document.querySelector('iframe').contentWindow.eval('(' + ${JSON.stringify(REPORT)} + ')');
  window.surfaces = () => ${SURFACES};
  window.layout = ${LAYOUT};
  window.surfacesFromFrame = () => document.querySelector('iframe').contentWindow.eval(${JSON.stringify(SURFACES)});
  window.surfacesFromWorker = () => new Promise((resolve) => { const w = new Worker('/surfaces.js'); w.onmessage = (e) => resolve(e.data); });
  // A frame the page makes itself: no document of its own ever loads in it.
  window.surfacesFromBlankFrame = () => { const f = document.createElement('iframe'); document.body.appendChild(f); return f.contentWindow.eval(${JSON.stringify(SURFACES)}); };
  window.iceReport = ${ICE_REPORT};
  window.fromWorker = () => new Promise((resolve) => { const w = new Worker('/worker.js'); w.onmessage = (e) => resolve(e.data); });
  window.fromSharedWorker = () => new Promise((resolve) => { const w = new SharedWorker('/shared.js'); w.port.onmessage = (e) => resolve(e.data); w.port.start(); });
  window.fromServiceWorker = async () => {
    const registration = await navigator.serviceWorker.register('/service.js');
    await navigator.serviceWorker.ready;
    return new Promise((resolve) => { navigator.serviceWorker.onmessage = (e) => resolve(e.data); (navigator.serviceWorker.controller || registration.active).postMessage('report'); });
  };
</script>`,
  ],
  '/frame': ['text/html', '<!doctype html><title>frame</title>'],
  '/worker.js': ['text/javascript', `postMessage(${REPORT});`],
  '/surfaces.js': ['text/javascript', `${SURFACES}.then((report) => postMessage(report));`],
  '/shared.js': ['text/javascript', `onconnect = (e) => e.ports[0].postMessage(${REPORT});`],
  '/service.js': ['text/javascript', `self.addEventListener('activate', (e) => e.waitUntil(clients.claim())); self.onmessage = (e) => e.source.postMessage(${REPORT});`],
};

/** FingerprintJS and BotD as sites load them (ES modules; their tslib through an import map). */
const require = createRequire(import.meta.url);
const moduleFile = (spec: string, file: string) => path.join(path.dirname(require.resolve(`${spec}/package.json`)), file);
const libraries: Record<string, string> = {
  '/lib/fp.js': moduleFile('@fingerprintjs/fingerprintjs', 'dist/fp.esm.js'),
  '/lib/botd.js': moduleFile('@fingerprintjs/botd', 'dist/botd.esm.js'),
  '/lib/tslib.js': moduleFile('tslib', 'tslib.es6.mjs'),
};
pages['/detect'] = [
  'text/html',
  `<!doctype html><title>detect</title><script type="importmap">{"imports":{"tslib":"/lib/tslib.js"}}</script><script type="module">
  import * as FingerprintJS from '/lib/fp.js';
  import { load as loadBotd } from '/lib/botd.js';
  window.visitorId = async () => (await (await FingerprintJS.load({ monitoring: false })).get()).visitorId;
  // What FingerprintJS reads of the audio stack, and WebGL pixels read back after a draw.
  window.audioData = async () => String((await (await FingerprintJS.load({ monitoring: false })).get()).components.audio.value);
  window.webglPixels = () => {
    const gl = document.createElement('canvas').getContext('webgl');
    gl.clearColor(0.2, 0.4, 0.6, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    const pixels = new Uint8Array(gl.drawingBufferWidth * gl.drawingBufferHeight * 4);
    gl.readPixels(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    let hash = 0;
    for (const byte of pixels) hash = (hash * 31 + byte) >>> 0;
    return String(hash);
  };
  window.canvasData = () => { const c = document.createElement('canvas'); c.width = 120; c.height = 40; const x = c.getContext('2d'); x.fillStyle = '#f60'; x.fillRect(10, 5, 60, 20); x.fillStyle = '#069'; x.font = '14px Arial'; x.fillText('Facet canvas', 4, 30); return c.toDataURL(); };
  window.botd = async () => (await loadBotd({ monitoring: false })).detect();
  window.detectReady = true;
</script>`,
];

export interface IdentityPages {
  url: string;
  /** A STUN server on 127.0.0.1 (stun:…) and the sources of the binding requests it answered. */
  stun: { url: string; seen: string[] };
  /** Requests per path, with the headers the identity checks read, and when (performance.now()) each arrived. */
  requests: { path: string; userAgent: string; acceptLanguage: string; shopRegion: string; cookie: string; platformHint: string; at: number }[];
  /** What /ip answers, as an IP-check service would for a proxy exiting there; default the caller's. */
  exitIp: string | null;
  close(): Promise<void>;
}

/** A STUN binding responder (RFC 5389) on 127.0.0.1: it tells each request where it came from. */
async function startStunServer(): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const socket = dgram.createSocket('udp4');
  const seen: string[] = [];
  socket.on('message', (request, from) => {
    if (request.length < 20 || request.readUInt16BE(0) !== 0x0001) return;
    seen.push(`${from.address}:${from.port}`);
    const answer = Buffer.alloc(32);
    answer.writeUInt16BE(0x0101, 0); // binding success
    answer.writeUInt16BE(12, 2);
    request.copy(answer, 4, 4, 20); // magic cookie and transaction id
    answer.writeUInt16BE(0x0020, 20); // XOR-MAPPED-ADDRESS, IPv4
    answer.writeUInt16BE(8, 22);
    answer.writeUInt16BE(0x0001, 24);
    answer.writeUInt16BE(from.port ^ 0x2112, 26);
    from.address.split('.').forEach((byte, i) => answer.writeUInt8(Number(byte) ^ [0x21, 0x12, 0xa4, 0x42][i]!, 28 + i));
    socket.send(answer, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  return { url: `stun:127.0.0.1:${socket.address().port}`, seen, close: () => new Promise<void>((resolve) => socket.close(() => resolve())) };
}

/**
 * Local pages that report what a site sees, in the page, a frame and each kind of worker,
 * `/ip`, an IP-check service in the shape the agent asks (`{"ip": …}`), and a STUN server.
 */
export async function startIdentityPages(): Promise<IdentityPages> {
  const stun = await startStunServer();
  const served: Omit<IdentityPages, 'url' | 'close'> = { requests: [], exitIp: null, stun: { url: stun.url, seen: stun.seen } };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    served.requests.push({ path, userAgent: req.headers['user-agent'] ?? '', acceptLanguage: req.headers['accept-language'] ?? '', shopRegion: String(req.headers['x-shop-region'] ?? ''), cookie: req.headers.cookie ?? '', platformHint: String(req.headers['sec-ch-ua-platform'] ?? ''), at: performance.now() });
    if (path === '/ip') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ip: served.exitIp ?? req.socket.remoteAddress?.replace(/^::ffff:/, '') }));
    const library = libraries[path];
    if (library) return res.writeHead(200, { 'content-type': 'text/javascript' }).end(fs.readFileSync(library));
    const page = pages[path];
    if (!page) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': page[0], 'cache-control': 'no-store' }).end(page[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  // One object the handler reads and the test sets exitIp on.
  return Object.assign(served, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await stun.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
