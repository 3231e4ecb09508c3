import { describe, expect, it } from 'vitest';
import { identityScript } from '../identityScript.ts';
import { base, runIn } from '../../test/runScript.ts';

describe('canvas noise', () => {
  /** A stand-in 2D context over an RGBA pixel array of the given width. */
  const canvasWith = (pixels: number[][], width: number, noiseSeed: number) => {
    class CanvasRenderingContext2D {
      getImageData(x: number, y: number, w: number, h: number) {
        // As the engine: numbers truncated (WebIDL long), a negative size reads to the left of / above the point.
        [x, y, w, h] = [x, y, w, h].map((v) => Math.trunc(Number(v))) as [number, number, number, number];
        if (w < 0) [x, w] = [x + w, -w];
        if (h < 0) [y, h] = [y + h, -h];
        const data: number[] = [];
        for (let row = y; row < y + h; row++) for (let col = x; col < x + w; col++) data.push(...pixels[row * width + col]!);
        return { data: Uint8ClampedArray.from(data), width: w, height: h };
      }
    }
    runIn({ CanvasRenderingContext2D, Uint8ClampedArray }, { canvas: true, noiseSeed });
    return new CanvasRenderingContext2D();
  };
  const edge = Array.from({ length: 64 * 64 }, (_v, i) => [10 + (i % 200), 20, 30, 1 + (i % 250)]);
  const opaque = Array.from({ length: 64 * 64 }, (_v, i) => [i % 256, 7, 9, 255]);

  it('leaves opaque and empty pixels exactly as painted', () => {
    const read = canvasWith(opaque, 64, 5).getImageData(0, 0, 64, 64);
    expect(Array.from(read.data)).toEqual(opaque.flat());
  });

  it('is applied once however often the same script runs in one realm (a popup\'s first about:blank keeps its Window)', () => {
    class CanvasRenderingContext2D {
      getImageData(x: number, y: number, w: number, h: number) {
        return { data: Uint8ClampedArray.from(edge.slice(0, w * h).flat()), width: w, height: h, x, y };
      }
    }
    const scope = { CanvasRenderingContext2D, Uint8ClampedArray };
    const script = identityScript({ ...base, canvas: true, noiseSeed: 5 })!;
    new Function('globalThis', script)(scope);
    const once = Array.from(new CanvasRenderingContext2D().getImageData(0, 0, 64, 64).data);
    expect(once).not.toEqual(edge.flat());
    new Function('globalThis', script)(scope);
    // Twice, the noise cancelled out: the page read the pixels as painted (it was so in popups and frames).
    expect(Array.from(new CanvasRenderingContext2D().getImageData(0, 0, 64, 64).data)).toEqual(once);
  });

  it('flips some partly covered pixels, the same one the same way through any rectangle, and differently per profile', () => {
    const a = canvasWith(edge, 64, 5);
    const whole = Array.from(a.getImageData(0, 0, 64, 64).data);
    expect(whole).not.toEqual(edge.flat());
    const part = Array.from(a.getImageData(10, 20, 5, 3).data);
    const sameFromWhole: number[] = [];
    for (let row = 20; row < 23; row++) sameFromWhole.push(...whole.slice((row * 64 + 10) * 4, (row * 64 + 15) * 4));
    expect(part).toEqual(sameFromWhole);
    // The same rectangle named from its other corner, and with arguments as a page may pass them.
    expect(Array.from(a.getImageData(15, 23, -5, -3).data)).toEqual(sameFromWhole);
    expect(Array.from((a.getImageData as (...args: unknown[]) => { data: Uint8ClampedArray })('10.7', 20.2, '5', 3.9).data)).toEqual(sameFromWhole);
    expect(Array.from(canvasWith(edge, 64, 6).getImageData(0, 0, 64, 64).data)).not.toEqual(whole);
  });
});
