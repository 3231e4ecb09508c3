import { describe, expect, it } from 'vitest';
import { parseCapturedInput } from './capturedInput.ts';

describe('a captured input report', () => {
  it('is read when it has the shape the capture script sends', () => {
    const click = { kind: 'mouse', type: 'down', button: 0, buttons: 1, clickCount: 1, x: 10, y: 20, modifiers: 0, target: { frames: [], path: '#go', fx: 0.5, fy: 0.5 }, vw: 800, vh: 600 };
    expect(parseCapturedInput(JSON.stringify(click))).toEqual(click);
    expect(parseCapturedInput(JSON.stringify({ kind: 'text', text: 'pasted' }))).toEqual({ kind: 'text', text: 'pasted' });
  });

  it('is dropped, never thrown, when it is anything else', () => {
    for (const payload of ['not json', 'null', '[]', JSON.stringify({ kind: 'mouse', type: 'down' }), JSON.stringify({ kind: 'key', type: 'down', key: 'a'.repeat(100), code: '', keyCode: 1, location: 0, modifiers: 0, repeat: false }), JSON.stringify({ kind: 'wheel', dx: 1e300 })]) {
      expect(parseCapturedInput(payload)).toBeNull();
    }
  });
});
