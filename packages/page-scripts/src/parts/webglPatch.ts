/**
 * WebGL: the profile's unmasked vendor and renderer (what the debug-renderer-info extension
 * reports), and seeded noise on pixels read back with readPixels.
 */
export const webglPatch = String.raw`
  [scope.WebGLRenderingContext, scope.WebGL2RenderingContext].forEach(function (type) {
    if (!type) return;
    if (options.webglVendor || options.webglRenderer) {
      replaceMethod(type.prototype, 'getParameter', function (original, self, args) {
        if (args[0] === 0x9245 && options.webglVendor) return options.webglVendor;
        if (args[0] === 0x9246 && options.webglRenderer) return options.webglRenderer;
        return original.apply(self, args);
      });
    }
    if (options.webglImage) {
      replaceMethod(type.prototype, 'readPixels', function (original, self, args) {
        var result = original.apply(self, args);
        var pixels = args[6];
        if (pixels && pixels.length) {
          for (var i = 0; i < pixels.length; i += 4) {
            var r = noiseAt(13, i >> 2);
            if ((r & 15) === 0) pixels[i + (r >>> 4) % 3] ^= 1;
          }
        }
        return result;
      });
    }
  });
`;
