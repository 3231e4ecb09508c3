/**
 * What the synchronizer's capture script reports of the leader's input, one JSON text per call
 * of its binding. Positions are in the top page's viewport (CSS pixels); `target` names the
 * element under the pointer so a follower can find its own copy of it (locateScript.ts).
 */
export interface CapturedTarget {
  /** Selectors of the iframe elements from the top document down to the element's document (same-origin frames only). */
  frames: string[];
  /** A selector of the element in its own document. */
  path: string;
  /** Where in the element's box the pointer was, 0..1 of its width and height. */
  fx: number;
  fy: number;
}

export interface CapturedViewport {
  /** The top page's viewport, to scale a position when no element is found. */
  vw: number;
  vh: number;
}

export type CapturedInput =
  | ({ kind: 'mouse'; type: 'down' | 'up' | 'move'; button: number; buttons: number; clickCount: number; x: number; y: number; modifiers: number; target: CapturedTarget | null } & CapturedViewport)
  | ({ kind: 'wheel'; dx: number; dy: number; x: number; y: number; modifiers: number; target: CapturedTarget | null } & CapturedViewport)
  | { kind: 'key'; type: 'down' | 'up'; key: string; code: string; keyCode: number; location: number; modifiers: number; repeat: boolean }
  | { kind: 'text'; text: string };
