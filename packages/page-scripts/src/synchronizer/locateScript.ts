import type { CapturedTarget } from './capturedInput.ts';

/** An element's box in the top page's viewport (CSS pixels), and that viewport. */
export interface LocatedBox {
  x: number;
  y: number;
  width: number;
  height: number;
  vw: number;
  vh: number;
}

/**
 * An expression, evaluated in an isolated world of a follower's top frame, that finds the
 * follower's copy of the element the leader's pointer was on and answers its box (LocatedBox)
 * or null. The element is scrolled into view when it is outside the viewport, as a person
 * would scroll to it before clicking. Nothing of it stays in the page.
 */
export function locateExpression(target: CapturedTarget): string {
  return String.raw`(function (t) {
  var doc = document, ox = 0, oy = 0;
  for (var i = 0; i < t.frames.length; i++) {
    var fe = doc.querySelector(t.frames[i]);
    var inner = null;
    try { inner = fe && fe.contentDocument; } catch (error) { inner = null; }
    if (!inner) return null;
    var fr = fe.getBoundingClientRect();
    ox += fr.left + fe.clientLeft;
    oy += fr.top + fe.clientTop;
    doc = inner;
  }
  var el = null;
  try { el = doc.querySelector(t.path); } catch (error) { return null; }
  if (!el) return null;
  var r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return null;
  var view = doc.defaultView;
  if (r.bottom < 0 || r.right < 0 || r.top > view.innerHeight || r.left > view.innerWidth) {
    el.scrollIntoView({ block: 'center', inline: 'nearest' });
    r = el.getBoundingClientRect();
  }
  return { x: ox + r.left, y: oy + r.top, width: r.width, height: r.height, vw: window.innerWidth, vh: window.innerHeight };
})(${JSON.stringify({ frames: target.frames, path: target.path })})`;
}
