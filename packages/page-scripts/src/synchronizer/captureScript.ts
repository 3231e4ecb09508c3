import { elementPathSource } from './elementPath.ts';

/** Longest gap (ms) between two reported pointer moves: enough for hover effects, far fewer messages than the mouse makes. */
export const MOVE_INTERVAL_MS = 40;

/**
 * The synchronizer's capture script, run in an isolated world of every frame of the leader (a
 * new-document script with a world name): the page's own scripts share its DOM but not its
 * globals, so the page sees no new names, no listener it could list or remove, and none of this
 * code in its stack traces (its listeners run in another world's realm). It listens on the
 * window in the capture phase for the person's own input only (`isTrusted`: never a page's
 * synthetic events) and reports each as JSON through `bindingName`, a binding the agent puts
 * into this world alone (Runtime.addBinding with its context id). Until the binding is there
 * (a few ms after a new document) input is kept and sent with the next event.
 * `teardownName`, called in the world, removes every listener and the binding.
 */
export function synchronizerCaptureScript(bindingName: string, teardownName: string): string {
  return String.raw`(function () {
  var binding = ${JSON.stringify(bindingName)};
  var teardown = ${JSON.stringify(teardownName)};
  if (globalThis[teardown]) return;
  var waiting = [];
  var lastMove = 0;
  ${elementPathSource}
  function send(input) {
    var fn = globalThis[binding];
    if (typeof fn !== 'function') { if (waiting.length < 200) waiting.push(input); return; }
    while (waiting.length) fn(JSON.stringify(waiting.shift()));
    fn(JSON.stringify(input));
  }
  function modifiers(e) {
    return (e.altKey ? 1 : 0) | (e.ctrlKey ? 2 : 0) | (e.metaKey ? 4 : 0) | (e.shiftKey ? 8 : 0);
  }
  // The frame elements from this document up to the top page, innermost first: null when a
  // frame above is of another origin (its element cannot be named from here).
  function frameChain() {
    var chain = [];
    for (var w = window; w !== w.top; w = w.parent) {
      var fe = null;
      try { fe = w.frameElement; } catch (error) { fe = null; }
      if (!fe) return null;
      chain.push(fe);
    }
    return chain;
  }
  // The pointer in the top page's viewport, and the chain of frames down to this document:
  // null when this document cannot be named from the top page.
  function placed(e) {
    var chain = frameChain();
    if (!chain) return null;
    var x = e.clientX, y = e.clientY, frames = [];
    chain.forEach(function (fe) {
      var r = fe.getBoundingClientRect();
      x += r.left + fe.clientLeft;
      y += r.top + fe.clientTop;
      frames.unshift(elementPath(fe));
    });
    var target = null;
    var el = e.target;
    if (el && el.nodeType === 1) {
      var box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) {
        target = { frames: frames, path: elementPath(el), fx: (e.clientX - box.left) / box.width, fy: (e.clientY - box.top) / box.height };
      }
    }
    return { x: x, y: y, target: target, vw: window.top.innerWidth, vh: window.top.innerHeight };
  }
  // Whether this document can be named from the top page: every frame above of its origin. Keys
  // and text typed in a frame of another origin (a sign-in or payment frame) are not replayed: the
  // click that focused it was not, so they would land in whatever a follower has focused.
  var here = frameChain() !== null;
  function pointer(type) {
    return function (e) {
      if (!e.isTrusted) return;
      if (type === 'move') {
        var now = Date.now();
        if (now - lastMove < ${MOVE_INTERVAL_MS}) return;
        lastMove = now;
      }
      var at = placed(e);
      if (!at) return;
      send({ kind: 'mouse', type: type, button: e.button, buttons: e.buttons, clickCount: type === 'move' ? 0 : Math.max(1, e.detail || 1), x: at.x, y: at.y, modifiers: modifiers(e), target: at.target, vw: at.vw, vh: at.vh });
    };
  }
  function wheel(e) {
    if (!e.isTrusted) return;
    var at = placed(e);
    if (!at) return;
    // Lines and pages in pixels, as Chromium's own wheel events count them.
    var scale = e.deltaMode === 1 ? 40 : e.deltaMode === 2 ? at.vh : 1;
    send({ kind: 'wheel', dx: e.deltaX * scale, dy: e.deltaY * scale, x: at.x, y: at.y, modifiers: modifiers(e), target: at.target, vw: at.vw, vh: at.vh });
  }
  function key(type) {
    return function (e) {
      if (!e.isTrusted || e.isComposing || !here) return;
      send({ kind: 'key', type: type, key: e.key, code: e.code, keyCode: e.keyCode, location: e.location, modifiers: modifiers(e), repeat: e.repeat });
    };
  }
  // Text that comes without keys (a paste, an input method, a spelling fix) arrives as text.
  function input(e) {
    if (!e.isTrusted || !here || typeof e.data !== 'string' || e.data === '') return;
    if (e.inputType === 'insertFromPaste' || e.inputType === 'insertReplacementText' || e.inputType === 'insertFromDrop') send({ kind: 'text', text: e.data });
  }
  function compositionEnd(e) {
    if (e.isTrusted && here && typeof e.data === 'string' && e.data !== '') send({ kind: 'text', text: e.data });
  }
  var listeners = [
    ['mousedown', pointer('down')], ['mouseup', pointer('up')], ['mousemove', pointer('move')], ['wheel', wheel],
    ['keydown', key('down')], ['keyup', key('up')], ['input', input], ['compositionend', compositionEnd],
  ];
  var options = { capture: true, passive: true };
  listeners.forEach(function (l) { window.addEventListener(l[0], l[1], options); });
  Object.defineProperty(globalThis, teardown, { configurable: true, value: function () {
    listeners.forEach(function (l) { window.removeEventListener(l[0], l[1], options); });
    try { delete globalThis[binding]; } catch (error) { /* a binding V8 made unconfigurable stays, unsubscribed (Runtime.removeBinding) */ }
    delete globalThis[teardown];
  } });
})()`;
}
