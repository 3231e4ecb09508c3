import type { LocatedBox } from '@facet/page-scripts';

/** A number in [0, 1): Math.random in the agent, a fixed sequence in tests. */
export type Random = () => number;

export interface HandOptions {
  minDelayMs: number;
  maxDelayMs: number;
  jitterPx: number;
}

/**
 * One follower's own small differences from the leader, so that no two followers act in
 * lockstep: each event waits its own delay (drawn anew between the bounds, around a pace of
 * this follower's own: some followers are a little slower than others), and the pointer lands a
 * few pixels from the leader's spot, always inside the same element. One offset per gesture: a
 * press and its release land on the same spot, as a person's click does.
 */
export class FollowerHand {
  /** This follower's usual pace within the range, 0..1. */
  private readonly pace: number;
  private gesture = { x: 0, y: 0 };

  constructor(
    private readonly options: HandOptions,
    private readonly random: Random = Math.random,
  ) {
    this.pace = random();
  }

  /** The delay before the next replayed event, in ms. */
  delayMs(): number {
    const { minDelayMs, maxDelayMs } = this.options;
    const spread = maxDelayMs - minDelayMs;
    // Half the follower's pace, half chance: two followers differ in both.
    const share = (this.pace + this.random()) / 2;
    return Math.round(minDelayMs + share * spread);
  }

  /** A new offset for the gesture that begins now (a press, a move, a wheel turn). */
  newGesture(): void {
    const j = this.options.jitterPx;
    this.gesture = { x: (this.random() * 2 - 1) * j, y: (this.random() * 2 - 1) * j };
  }

  /**
   * The point in `box` at the leader's relative spot (fx, fy), moved by this gesture's offset,
   * and kept at least a pixel inside the box (or at its centre when it is narrower than that).
   */
  pointIn(box: LocatedBox, fx: number, fy: number): { x: number; y: number } {
    return {
      x: within(box.x + clamp01(fx) * box.width + this.gesture.x, box.x, box.width),
      y: within(box.y + clamp01(fy) * box.height + this.gesture.y, box.y, box.height),
    };
  }

  /** The leader's viewport position scaled to this follower's viewport, moved by the offset: where no element is found. */
  scaled(x: number, y: number, from: { vw: number; vh: number }, to: { vw: number; vh: number }): { x: number; y: number } {
    return { x: (x * to.vw) / from.vw + this.gesture.x, y: (y * to.vh) / from.vh + this.gesture.y };
  }
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function within(value: number, start: number, size: number): number {
  if (size <= 2) return start + size / 2;
  return Math.min(start + size - 1, Math.max(start + 1, value));
}
