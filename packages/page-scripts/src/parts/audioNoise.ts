/**
 * Audio noise: rendered samples read back from an AudioBuffer, and analyser data, carry tiny
 * seeded offsets (far below hearing) — once per buffer, so reading twice gives the same values.
 */
export const audioNoise = String.raw`
  if (options.audio && scope.AudioBuffer) {
    var noisedBuffers = new WeakSet();
    var noiseSamples = function (samples, channel) {
      for (var i = 0; i < samples.length; i += 1) {
        var r = noiseAt(11 + channel, i);
        if ((r & 31) === 0) samples[i] += ((r >>> 5) % 2 ? 1 : -1) * 1e-7;
      }
    };
    var noiseBuffer = function (buffer) {
      if (noisedBuffers.has(buffer)) return;
      noisedBuffers.add(buffer);
      for (var c = 0; c < buffer.numberOfChannels; c += 1) noiseSamples(getChannelData.call(buffer, c), c);
    };
    var getChannelData = scope.AudioBuffer.prototype.getChannelData;
    replaceMethod(scope.AudioBuffer.prototype, 'getChannelData', function (original, self, args) {
      noiseBuffer(self);
      return original.apply(self, args);
    });
    replaceMethod(scope.AudioBuffer.prototype, 'copyFromChannel', function (original, self, args) {
      noiseBuffer(self);
      return original.apply(self, args);
    });
    if (scope.AnalyserNode) {
      replaceMethod(scope.AnalyserNode.prototype, 'getFloatFrequencyData', function (original, self, args) {
        var result = original.apply(self, args);
        noiseSamples(args[0], 3);
        return result;
      });
    }
  }
`;
