import { describe, expect, it } from 'vitest';
import { FollowerHand } from './followerHand.ts';

/** A fixed sequence of numbers in [0, 1), for a hand whose draws the test knows. */
function sequence(...values: number[]) {
  let i = 0;
  return () => values[i++ % values.length]!;
}

const options = { minDelayMs: 20, maxDelayMs: 90, jitterPx: 3 };
const box = { x: 100, y: 200, width: 50, height: 20, vw: 800, vh: 600 };

describe('a follower hand', () => {
  it('waits between the two bounds, anew for each event', () => {
    const hand = new FollowerHand(options);
    const delays = Array.from({ length: 200 }, () => hand.delayMs());
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(20);
    expect(Math.max(...delays)).toBeLessThanOrEqual(90);
    expect(new Set(delays).size).toBeGreaterThan(10);
  });

  it('gives two followers different paces', () => {
    const slow = new FollowerHand(options, sequence(0.9, 0.5));
    const quick = new FollowerHand(options, sequence(0.1, 0.5));
    expect(slow.delayMs()).toBeGreaterThan(quick.delayMs());
  });

  it('lands at the leader spot moved by at most the jitter, and inside the element', () => {
    const hand = new FollowerHand(options);
    for (let i = 0; i < 100; i++) {
      hand.newGesture();
      const { x, y } = hand.pointIn(box, 0.5, 0.5);
      expect(Math.abs(x - 125)).toBeLessThanOrEqual(3);
      expect(Math.abs(y - 210)).toBeLessThanOrEqual(3);
    }
    hand.newGesture();
    const corner = hand.pointIn(box, 1, 1);
    expect(corner.x).toBeLessThanOrEqual(149);
    expect(corner.y).toBeLessThanOrEqual(219);
  });

  it('keeps one spot for the press and the release of a gesture', () => {
    const hand = new FollowerHand(options);
    hand.newGesture();
    const press = hand.pointIn(box, 0.3, 0.6);
    expect(hand.pointIn(box, 0.3, 0.6)).toEqual(press);
  });

  it('scales a position to the follower viewport where no element is found', () => {
    const hand = new FollowerHand({ ...options, jitterPx: 0 });
    expect(hand.scaled(400, 300, { vw: 800, vh: 600 }, { vw: 1600, vh: 900 })).toEqual({ x: 800, y: 450 });
  });
});
