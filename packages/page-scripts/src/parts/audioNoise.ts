/**
 * Audio noise: what an OfflineAudioContext renders (the buffer fingerprinting scripts hash) carries
 * tiny seeded offsets, far below hearing, written into the rendered buffer itself before the
 * page sees it. Nothing a page reads through is replaced (only the OfflineAudioContext
 * constructor stands in, to listen first): getChannelData and copyFromChannel return the same
 * samples, a buffer the page makes or fills itself is left exactly as it wrote it (CreepJS's
 * noise trap writes values and reads them back), and silence stays silent.
 */
export const audioNoise = String.raw`
  if (options.audio && scope.OfflineAudioContext && scope.AudioBuffer) {
    var getChannelData = scope.AudioBuffer.prototype.getChannelData;
    var renderedBuffer = getterOf(scope.OfflineAudioCompletionEvent, 'renderedBuffer');
    var addListener = scope.EventTarget.prototype.addEventListener;
    // The profile's own gain, away from 1 by 2 to 65 parts in 10^7 (a few float32 steps of a
    // typical sample, as real sound stacks differ): sums a script takes over hundreds of samples
    // (FingerprintJS adds |x| over 500) then differ between profiles by whole steps. The sparse
    // ±1e-7 alone moved such a sum by a random walk of some 60 steps, and two profiles read the
    // same sum about one time in twenty-five.
    var gain = 1 + (noiseAt(97, 0) % 2 ? 1 : -1) * (2 + (noiseAt(98, 0) % 64)) * 1e-7;
    var noiseRendered = function (event) {
      var buffer = renderedBuffer && renderedBuffer.call(event);
      if (!buffer) return;
      for (var c = 0; c < buffer.numberOfChannels; c += 1) {
        var samples = getChannelData.call(buffer, c);
        for (var i = 0; i < samples.length; i += 1) {
          if (samples[i] === 0) continue;
          var r = noiseAt(11 + c, i);
          samples[i] *= gain;
          if ((r & 7) === 0) samples[i] += ((r >>> 3) % 2 ? 1 : -1) * 1e-7;
        }
      }
    };
    var construct = Reflect.construct;
    // The completion event comes before startRendering's promise resolves, and this listener is
    // the context's first: every way of getting the rendered buffer sees it noised.
    replaceConstructor('OfflineAudioContext', function (target, args, newTarget) {
      var context = construct(target, args, newTarget);
      addListener.call(context, 'complete', noiseRendered);
      return context;
    }, ['webkitOfflineAudioContext']);
  }
`;
