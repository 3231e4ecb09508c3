import { flattenKeys, locales, translate, FALLBACK_TAG, type LocaleTree } from '@facet/i18n';

/**
 * The check page and its worker, as text the check server sends. The page code is plain script
 * (it runs inside the profile, beside whatever the profile's own page scripts did): it reads what
 * a site reads in the window and in a dedicated worker, looks for functions that are not the
 * engine's own, gathers WebRTC candidates against the agent's STUN server, posts all of it to the
 * agent and shows the agent's answer. The result is also `window.facetCheck`.
 */

/** One scope's readings (the window's, or a worker's): checkScopeSchema in @facet/contracts. */
const READ = String.raw`function facetRead(isWindow) {
  const offsetOf = (zone) => {
    try {
      const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName').value;
      const m = /^GMT(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(name);
      if (!m) return null;
      return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] || 0)) : 0;
    } catch (e) { return null; }
  };
  const options = Intl.DateTimeFormat().resolvedOptions();
  const webgl = (() => {
    try {
      const canvas = isWindow ? document.createElement('canvas') : new OffscreenCanvas(8, 8);
      const gl = canvas.getContext('webgl');
      if (!gl) return null;
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      return info ? { vendor: String(gl.getParameter(info.UNMASKED_VENDOR_WEBGL)), renderer: String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) } : { vendor: String(gl.getParameter(gl.VENDOR)), renderer: String(gl.getParameter(gl.RENDERER)) };
    } catch (e) { return null; }
  })();
  const hints = navigator.userAgentData;
  const offset = -new Date().getTimezoneOffset();
  const scope = {
    userAgent: navigator.userAgent, platform: navigator.platform, language: navigator.language, languages: Array.from(navigator.languages || []),
    hardwareConcurrency: typeof navigator.hardwareConcurrency === 'number' ? navigator.hardwareConcurrency : null,
    deviceMemory: typeof navigator.deviceMemory === 'number' ? navigator.deviceMemory : null,
    timeZone: options.timeZone, locale: options.locale, dateOffset: offset === 0 ? 0 : offset, zoneOffset: offsetOf(options.timeZone),
    webdriver: typeof navigator.webdriver === 'boolean' ? navigator.webdriver : null,
    userAgentData: hints ? { platform: hints.platform, mobile: hints.mobile, brands: hints.brands.map((b) => b.brand + ' ' + b.version) } : null,
    webgl,
  };
  if (isWindow) {
    scope.maxTouchPoints = navigator.maxTouchPoints;
    scope.screen = { width: screen.width, height: screen.height, availWidth: screen.availWidth, availHeight: screen.availHeight, colorDepth: screen.colorDepth, pixelRatio: devicePixelRatio };
  }
  return scope;
}`;

const WORKER = `${READ}
try { postMessage({ scope: facetRead(false) }); } catch (e) { postMessage({ error: String(e && e.message || e) }); }
`;

/**
 * Functions and getters a fingerprinting script reads, tested the way detectors test them: a
 * native one prints as native code under its own name (here and through another frame's
 * Function.prototype.toString), has no prototype, cannot be constructed, and its getter sits on
 * the prototype with WebIDL's descriptor, not as the object's own property.
 */
const LIES = String.raw`function facetLies() {
  const lies = [];
  const targets = [];
  const describe = (proto, name) => (proto ? Object.getOwnPropertyDescriptor(proto, name) : undefined);
  const getter = (iface, proto, name) => {
    const d = describe(proto, name);
    if (!d) return;
    if (typeof d.get !== 'function' || !d.configurable || !d.enumerable) lies.push({ surface: iface + '.' + name, test: 'descriptor' });
    if (typeof d.get === 'function') targets.push([iface + '.' + name, d.get, 'get ' + name]);
  };
  const method = (iface, proto, name) => {
    const d = describe(proto, name);
    if (d && typeof d.value === 'function') targets.push([iface + '.' + name, d.value, name]);
  };
  for (const name of ['userAgent', 'platform', 'language', 'languages', 'hardwareConcurrency', 'deviceMemory', 'maxTouchPoints', 'webdriver', 'userAgentData', 'plugins', 'mediaDevices', 'doNotTrack']) getter('Navigator', Navigator.prototype, name);
  for (const name of ['width', 'height', 'availWidth', 'availHeight', 'colorDepth']) getter('Screen', Screen.prototype, name);
  getter('Window', window, 'devicePixelRatio');
  method('Navigator', Navigator.prototype, 'getBattery');
  method('WebGLRenderingContext', self.WebGLRenderingContext && WebGLRenderingContext.prototype, 'getParameter');
  method('WebGLRenderingContext', self.WebGLRenderingContext && WebGLRenderingContext.prototype, 'readPixels');
  method('WebGL2RenderingContext', self.WebGL2RenderingContext && WebGL2RenderingContext.prototype, 'getParameter');
  method('HTMLCanvasElement', HTMLCanvasElement.prototype, 'toDataURL');
  method('HTMLCanvasElement', HTMLCanvasElement.prototype, 'toBlob');
  method('CanvasRenderingContext2D', CanvasRenderingContext2D.prototype, 'getImageData');
  method('CanvasRenderingContext2D', CanvasRenderingContext2D.prototype, 'measureText');
  method('AudioBuffer', self.AudioBuffer && AudioBuffer.prototype, 'getChannelData');
  method('AnalyserNode', self.AnalyserNode && AnalyserNode.prototype, 'getFloatFrequencyData');
  method('MediaDevices', self.MediaDevices && MediaDevices.prototype, 'enumerateDevices');
  method('FontFaceSet', self.FontFaceSet && FontFaceSet.prototype, 'check');
  method('Element', Element.prototype, 'getBoundingClientRect');
  method('Date', Date.prototype, 'getTimezoneOffset');
  method('Intl.DateTimeFormat', Intl.DateTimeFormat.prototype, 'resolvedOptions');
  method('Function', Function.prototype, 'toString');
  const toString = Function.prototype.toString;
  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  document.body.appendChild(frame);
  const otherToString = frame.contentWindow ? frame.contentWindow.Function.prototype.toString : null;
  for (const [surface, fn, name] of targets) {
    let text = '';
    try { text = toString.call(fn); } catch (e) { text = ''; }
    if (text !== 'function ' + name + '() { [native code] }') lies.push({ surface, test: 'toString' });
    if (otherToString) {
      let other = '';
      try { other = otherToString.call(fn); } catch (e) { other = ''; }
      if (other !== text) lies.push({ surface, test: 'otherRealm' });
    }
    if (Object.prototype.hasOwnProperty.call(fn, 'prototype')) lies.push({ surface, test: 'prototype' });
    let constructible = false;
    try { Reflect.construct(Object, [], fn); constructible = true; } catch (e) { constructible = false; }
    if (constructible) lies.push({ surface, test: 'constructible' });
  }
  frame.remove();
  for (const [surface, object] of [['navigator', navigator], ['screen', screen]]) {
    if (Object.getOwnPropertyNames(object).length > 0) lies.push({ surface, test: 'ownProperty' });
  }
  return lies;
}`;

const ICE = String.raw`async function facetIce(stunUrl) {
  if (typeof RTCPeerConnection !== 'function') return { available: false, candidates: [] };
  try {
    const connection = new RTCPeerConnection({ iceServers: [{ urls: stunUrl }] });
    const candidates = [];
    connection.addEventListener('icecandidate', (e) => { if (e.candidate && e.candidate.candidate) candidates.push(e.candidate.candidate); });
    connection.createDataChannel('facet-check');
    await connection.setLocalDescription(await connection.createOffer());
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 8000);
      const done = () => { if (connection.iceGatheringState === 'complete') { clearTimeout(timer); resolve(); } };
      connection.addEventListener('icegatheringstatechange', done);
      done();
    });
    for (const line of ((connection.localDescription && connection.localDescription.sdp) || '').split('\r\n')) {
      if (line.startsWith('a=candidate:') && !candidates.includes(line.slice(2))) candidates.push(line.slice(2));
    }
    connection.close();
    return { available: true, candidates: candidates.slice(0, 200) };
  } catch (e) {
    return { available: true, candidates: [], error: String(e && e.message || e).slice(0, 500) };
  }
}`;

const MAIN = String.raw`
const T = JSON.parse(document.getElementById('facet-texts').textContent);
const C = JSON.parse(document.getElementById('facet-config').textContent);
const t = (key, vars) => (T[key] || key).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name) => (vars && name in vars ? String(vars[name]) : whole));
const root = document.getElementById('facet-result');
const el = (tag, attrs, ...children) => {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value);
  for (const child of children) node.append(child === null || child === undefined ? '' : child);
  return node;
};
const value = (v) => (v === null || v === undefined || v === '' ? '—' : Array.isArray(v) ? v.join(', ') : String(v));
const country = (code) => { try { return code ? new Intl.DisplayNames([C.lang], { type: 'region' }).of(code) + ' (' + code + ')' : t('exit.unknownCountry'); } catch (e) { return code; } };
const table = (heads, rows) => el('table', {}, el('thead', {}, el('tr', {}, ...heads.map((h) => el('th', {}, h)))), el('tbody', {}, ...rows.map((cells) => el('tr', {}, ...cells.map((c) => el('td', {}, c))))));
const section = (id, title, ...children) => el('section', { id: 'check-' + id }, el('h2', {}, title), ...children);
const verdict = (good, text) => el('p', { class: good ? 'good' : 'bad' }, text);

function render(report) {
  root.textContent = '';
  const w = report.seen.window;
  const e = report.expected;
  const machine = t('machineValue');
  const exitText = report.exit.status === 'failed' ? t('exit.failed', { reason: t('startError.' + (report.exit.reason || 'failed')) }) : report.exit.ip + (report.exit.status === 'direct' ? ' — ' + t('exit.direct') : '');
  const lieCount = report.lies.length;
  // What the page reads against the profile, and what the profile claims against this computer.
  const contradictionCount = report.contradictions.length + report.profileContradictions.length;
  root.append(el('div', { class: 'summary' },
    verdict(contradictionCount === 0, contradictionCount === 0 ? t('summary.ok') : t('summary.contradictions', { count: contradictionCount })),
    verdict(lieCount === 0, lieCount === 0 ? t('lies.none') : t('summary.lies', { count: lieCount })),
    verdict(report.webrtc.verdict !== 'leak', t('webrtc.' + report.webrtc.verdict)),
    verdict(!report.dns.leak, t('dns.' + report.dns.path, { servers: report.dns.servers.join(', ') }))));
  root.append(section('seen', t('section.seen'), table([t('col.field'), t('col.seen'), t('col.worker'), t('col.expected')], [
    [t('field.userAgent'), w.userAgent, report.seen.worker ? report.seen.worker.userAgent : '—', e.userAgent],
    [t('field.platform'), w.platform, report.seen.worker ? report.seen.worker.platform : '—', e.platform],
    [t('field.userAgentDataPlatform'), w.userAgentData ? w.userAgentData.platform + (w.userAgentData.mobile ? ' (mobile)' : '') : '—', report.seen.worker && report.seen.worker.userAgentData ? report.seen.worker.userAgentData.platform : '—', ''],
    [t('field.webgl'), w.webgl ? w.webgl.vendor + ' / ' + w.webgl.renderer : '—', report.seen.worker && report.seen.worker.webgl ? report.seen.worker.webgl.vendor + ' / ' + report.seen.worker.webgl.renderer : '—', e.webgl ? e.webgl.vendor + ' / ' + e.webgl.renderer : machine],
    [t('field.screen'), w.screen ? w.screen.width + '×' + w.screen.height + ' (' + w.screen.availWidth + '×' + w.screen.availHeight + ', ' + w.screen.colorDepth + ' bit, ×' + w.screen.pixelRatio + ')' : '—', '—', e.screen.width + '×' + e.screen.height],
    [t('field.languages'), value(w.languages), report.seen.worker ? value(report.seen.worker.languages) : '—', value(e.languages)],
    [t('field.locale'), w.locale, report.seen.worker ? report.seen.worker.locale : '—', ''],
    [t('field.timeZone'), w.timeZone, report.seen.worker ? report.seen.worker.timeZone : '—', e.timeZone || machine],
    [t('field.hardwareConcurrency'), value(w.hardwareConcurrency), report.seen.worker ? value(report.seen.worker.hardwareConcurrency) : '—', String(e.hardwareConcurrency)],
    [t('field.deviceMemory'), value(w.deviceMemory), report.seen.worker ? value(report.seen.worker.deviceMemory) : '—', e.deviceMemory ? String(e.deviceMemory) : machine],
    [t('field.exitIp'), exitText, '', ''],
    [t('field.exitCountry'), report.exit.status === 'failed' ? '—' : country(report.exit.country) + (report.exit.timeZone ? ' — ' + report.exit.timeZone : ''), '', ''],
  ])));
  root.append(section('contradictions', t('section.contradictions'), contradictionCount === 0 ? el('p', {}, t('noContradictions')) : el('ul', {},
    ...report.contradictions.map((c) =>
      el('li', { class: 'bad' }, el('strong', {}, t('field.' + c.field) + (c.scope === 'worker' ? ' (' + t('col.worker') + ')' : '') + ': '), t('against.' + c.against, { expected: c.expected, seen: c.seen }))),
    ...report.profileContradictions.map((c) => el('li', { class: 'bad', 'data-code': c.code }, t('consistency.code.' + c.code))))));
  root.append(section('lies', t('section.lies'),
    lieCount === 0 ? el('p', {}, t('lies.none')) : el('ul', {}, ...report.lies.map((l) => el('li', { class: 'bad' }, el('code', {}, l.surface), ' — ', t('lieTest.' + l.test)))),
    e.pageScriptFields.length > 0 ? el('p', { class: 'note' }, t('lies.note', { fields: e.pageScriptFields.map((f) => T['profiles.fp.' + f] || T['field.' + f] || f).join(', ') })) : null));
  const rtc = report.webrtc;
  root.append(section('webrtc', t('section.webrtc'),
    verdict(rtc.verdict !== 'leak', t('webrtc.' + rtc.verdict)),
    el('p', {}, t('webrtc.setting', { setting: t('profiles.mode.' + rtc.setting) })),
    rtc.stunReached && rtc.proxied ? el('p', { class: 'bad' }, t('webrtc.stunReached')) : null,
    rtc.verdict === 'disabled' ? null : rtc.candidates.length === 0 ? el('p', {}, t('webrtc.noCandidates')) : table([t('webrtc.col.address'), t('webrtc.col.type'), t('webrtc.col.machine')], rtc.candidates.map((c) => [c.address, c.type + ' / ' + c.protocol, c.machineAddress ? t('yes') : t('no')])),
    rtc.error ? el('p', { class: 'note' }, rtc.error) : null));
  root.append(section('dns', t('section.dns'), verdict(!report.dns.leak, t('dns.' + report.dns.path, { servers: report.dns.servers.join(', ') }))));
  root.append(section('notChecked', t('section.notChecked'), el('ul', {}, ...report.notChecked.map((item) => el('li', {}, t('notChecked.' + item))))));
}

async function run() {
  const scope = facetRead(true);
  const worker = await new Promise((resolve) => {
    try {
      const w = new Worker(C.base + 'worker.js');
      const timer = setTimeout(() => { w.terminate(); resolve({ error: 'no answer' }); }, 5000);
      w.onmessage = (event) => { clearTimeout(timer); w.terminate(); resolve(event.data); };
      w.onerror = (event) => { clearTimeout(timer); resolve({ error: event.message || 'error' }); };
    } catch (e) { resolve({ error: String(e && e.message || e) }); }
  });
  const lies = facetLies();
  const webrtc = await facetIce(C.stun);
  const observation = { window: scope, worker: worker.scope || null, lies, webrtc };
  if (!worker.scope) observation.workerError = String(worker.error).slice(0, 500);
  const response = await fetch(C.base + 'report', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(observation) });
  if (!response.ok) throw new Error('HTTP ' + response.status);
  const report = await response.json();
  render(report);
  window.facetCheck = report;
}
run().catch((error) => {
  window.facetCheck = { error: String(error && error.message || error) };
  root.textContent = '';
  root.append(el('p', { class: 'bad' }, t('failed', { error: window.facetCheck.error })));
});
`;

const STYLE = `body{font:14px/1.5 system-ui,sans-serif;margin:24px auto;max-width:1100px;padding:0 16px;color:#1f1f1f}
h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd;padding-bottom:4px}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #e5e5e5;padding:4px 8px;text-align:left;vertical-align:top;word-break:break-word}
th{background:#fafafa}.good{color:#237804}.bad{color:#a8071a}.note{color:#666}.summary p{margin:4px 0;font-weight:600}code{font-size:13px}`;

/** Texts the page shows: its own, the proxy failure reasons, the WebRTC modes' and the surfaces' names. */
const TEXT_PREFIXES = ['fingerprintCheck', 'startError', 'profiles.mode', 'profiles.fp', 'consistency.code'];

function pageTexts(tag: string): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const prefix of TEXT_PREFIXES) {
    let tree: LocaleTree | string | undefined = locales[FALLBACK_TAG];
    for (const part of prefix.split('.')) tree = typeof tree === 'object' ? tree[part] : undefined;
    if (typeof tree !== 'object') continue;
    for (const key of flattenKeys(tree)) {
      // The page's own keys go without their prefix; the others keep it.
      texts[prefix === 'fingerprintCheck' ? key : `${prefix}.${key}`] = translate(tag, `${prefix}.${key}`);
    }
  }
  return texts;
}

/** JSON inside a script element: "<" escaped so no value can end the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export function checkPageHtml(options: { lang: string; base: string; stun: string }): string {
  const texts = pageTexts(options.lang);
  return `<!doctype html><html lang="${escapeHtml(options.lang)}"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>${escapeHtml(texts.title ?? '')}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(texts.title ?? '')}</h1><p class="note">${escapeHtml(texts.intro ?? '')}</p>
<div id="facet-result"><p>${escapeHtml(texts.running ?? '')}</p></div>
<script type="application/json" id="facet-texts">${scriptJson(texts)}</script>
<script type="application/json" id="facet-config">${scriptJson({ lang: options.lang, base: options.base, stun: options.stun })}</script>
<script>
${READ}
${LIES}
${ICE}
${MAIN}
</script></body></html>`;
}

export function checkWorkerScript(): string {
  return WORKER;
}
