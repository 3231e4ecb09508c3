import { describe, expect, it } from 'vitest';
import { runIn } from '../../test/runScript.ts';

describe('audio noise', () => {
  /** Stand-ins for an offline context that renders `samples`, and a buffer a page fills itself. */
  const audioScope = () => {
    class EventTarget {
      listeners: ((event: unknown) => void)[] = [];
      addEventListener(_type: string, listener: (event: unknown) => void) {
        this.listeners.push(listener);
      }
    }
    class AudioBuffer {
      constructor(readonly channels: Float32Array[]) {}
      get numberOfChannels() {
        return this.channels.length;
      }
      getChannelData(c: number) {
        return this.channels[c]!;
      }
    }
    class OfflineAudioCompletionEvent {
      constructor(readonly buffer: AudioBuffer) {}
      get renderedBuffer() {
        return this.buffer;
      }
    }
    class OfflineAudioContext extends EventTarget {
      render(samples: number[]) {
        const event = new OfflineAudioCompletionEvent(new AudioBuffer([Float32Array.from(samples)]));
        for (const listener of this.listeners) listener(event);
        return event.renderedBuffer;
      }
    }
    return { EventTarget, AudioBuffer, OfflineAudioCompletionEvent, OfflineAudioContext };
  };
  const signal = Array.from({ length: 2000 }, (_v, i) => Math.sin(i / 7) / 3);

  it('noises what a context renders, in place, the same per seed and differently between seeds; silence and page-made buffers stay as they are', () => {
    const rendered = (noiseSeed: number, samples: number[]) => {
      const scope = audioScope();
      runIn(scope, { audio: true, noiseSeed });
      const Context = (scope as unknown as { OfflineAudioContext: new () => InstanceType<ReturnType<typeof audioScope>['OfflineAudioContext']> }).OfflineAudioContext;
      const made = new scope.AudioBuffer([Float32Array.from(samples)]);
      return { rendered: Array.from(new Context().render(samples).getChannelData(0)), made: Array.from(made.getChannelData(0)) };
    };
    const one = rendered(1, signal);
    expect(one.rendered).not.toEqual(Array.from(Float32Array.from(signal)));
    expect(one.made).toEqual(Array.from(Float32Array.from(signal)));
    expect(rendered(1, signal).rendered).toEqual(one.rendered);
    expect(rendered(2, signal).rendered).not.toEqual(one.rendered);
    expect(rendered(1, new Array(100).fill(0)).rendered).toEqual(new Array(100).fill(0));
  });

  it('gives the sum FingerprintJS takes (|x| over samples 4500–5000) a different value in each of 300 profiles', () => {
    // A compressed triangle wave, as its OfflineAudioContext renders one: values of a few tenths.
    const wave = Array.from({ length: 5000 }, (_v, i) => 0.3 * (2 * Math.abs(((i * 10_000) / 44_100) % 1 - 0.5) - 0.5));
    const sums = new Set<number>();
    for (let seed = 1; seed <= 300; seed++) {
      const scope = audioScope();
      runIn(scope, { audio: true, noiseSeed: seed * 7919 });
      const Context = (scope as unknown as { OfflineAudioContext: new () => InstanceType<ReturnType<typeof audioScope>['OfflineAudioContext']> }).OfflineAudioContext;
      const data = new Context().render(wave).getChannelData(0);
      let sum = 0;
      for (let i = 4500; i < 5000; i++) sum += Math.abs(data[i]!);
      sums.add(sum);
    }
    expect(sums.size).toBe(300);
  });
});
