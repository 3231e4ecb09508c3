/**
 * Canvas noise: what a page reads back from a canvas (pixels, data URL, blob) has a few low bits
 * flipped at positions fixed by the profile's seed. Drawing is untouched, so the page looks the
 * same; the same drawing reads back the same in every run of the profile (fingerprinting
 * scripts that render twice see a stable canvas) and differently in another profile.
 */
export const canvasNoise = String.raw`
  if (options.canvas) {
    var noisePixels = function (data) {
      for (var i = 0; i < data.length; i += 4) {
        var r = noiseAt(7, i >> 2);
        if ((r & 15) === 0 && data[i + 3] !== 0) data[i + (r >>> 4) % 3] ^= 1;
      }
    };
    var ctx2d = scope.CanvasRenderingContext2D && scope.CanvasRenderingContext2D.prototype;
    var offCtx2d = scope.OffscreenCanvasRenderingContext2D && scope.OffscreenCanvasRenderingContext2D.prototype;
    [ctx2d, offCtx2d].forEach(function (proto) {
      replaceMethod(proto, 'getImageData', function (original, self, args) {
        var image = original.apply(self, args);
        noisePixels(image.data);
        return image;
      });
    });
    /** A noised copy of the canvas, to export from (its getImageData, replaced above, adds the noise). */
    var noisedCopy = function (canvas) {
      var copy = scope.document ? scope.document.createElement('canvas') : new scope.OffscreenCanvas(canvas.width, canvas.height);
      copy.width = canvas.width;
      copy.height = canvas.height;
      if (!canvas.width || !canvas.height) return copy;
      var context = copy.getContext('2d');
      context.drawImage(canvas, 0, 0);
      var image = context.getImageData(0, 0, copy.width, copy.height);
      context.putImageData(image, 0, 0);
      return copy;
    };
    var canvasProto = scope.HTMLCanvasElement && scope.HTMLCanvasElement.prototype;
    replaceMethod(canvasProto, 'toDataURL', function (original, self, args) { return original.apply(noisedCopy(self), args); });
    replaceMethod(canvasProto, 'toBlob', function (original, self, args) { return original.apply(noisedCopy(self), args); });
    var offscreenProto = scope.OffscreenCanvas && scope.OffscreenCanvas.prototype;
    replaceMethod(offscreenProto, 'convertToBlob', function (original, self, args) { return original.apply(noisedCopy(self), args); });
  }
`;
