/**
 * Canvas noise: what a page reads back from a canvas (pixels, data URL, blob) has a low bit
 * flipped on some of its partly covered pixels (0 < alpha < 255: the anti-aliased edges of text
 * and curves), chosen by the profile's seed and the pixel's place on the canvas. Drawing is
 * untouched, so the page looks the same; the same drawing reads back the same in every run of
 * the profile, whatever rectangle it is read through, and differently in another profile.
 *
 * Opaque and empty pixels are never changed: a page that paints a known colour and reads it
 * back (CreepJS's and TZP's noise traps) gets exactly what it painted, as on a stock browser,
 * while a partly transparent pixel never survives a round trip exactly anyway (the canvas
 * stores premultiplied colour).
 */
export const canvasNoise = String.raw`
  if (options.canvas) {
    var noisePixels = function (data, left, top, width) {
      for (var i = 0; i < data.length; i += 4) {
        var alpha = data[i + 3];
        if (alpha === 0 || alpha === 255) continue;
        var p = i >> 2;
        var r = noiseAt(7, (top + ((p / width) | 0)) * 65536 + left + (p % width));
        if ((r & 7) === 0) data[i + (r >>> 3) % 3] ^= 1;
      }
    };
    var ctx2d = scope.CanvasRenderingContext2D && scope.CanvasRenderingContext2D.prototype;
    var offCtx2d = scope.OffscreenCanvasRenderingContext2D && scope.OffscreenCanvasRenderingContext2D.prototype;
    [ctx2d, offCtx2d].forEach(function (proto) {
      replaceMethod(proto, 'getImageData', function (original, self, args) {
        var image = original.apply(self, args);
        // Only 8-bit pixels: another storage format has other values for "opaque".
        if (!(image.data instanceof scope.Uint8ClampedArray)) return image;
        // As the engine reads the arguments (WebIDL long: a number, truncated); a negative size
        // reads the rectangle to the left of / above the point.
        var sx = Math.trunc(+args[0]) || 0, sy = Math.trunc(+args[1]) || 0, sw = Math.trunc(+args[2]) || 0, sh = Math.trunc(+args[3]) || 0;
        noisePixels(image.data, sw < 0 ? sx + sw : sx, sh < 0 ? sy + sh : sy, image.width);
        return image;
      });
    });
    /** A noised copy of the canvas, to export from (its getImageData, replaced above, adds the noise). */
    var noisedCopy = function (canvas) {
      // The same kind as the original: an OffscreenCanvas made in a window converts as one.
      var offscreen = !!scope.OffscreenCanvas && canvas instanceof scope.OffscreenCanvas;
      var copy = offscreen || !scope.document ? new scope.OffscreenCanvas(canvas.width, canvas.height) : scope.document.createElement('canvas');
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
