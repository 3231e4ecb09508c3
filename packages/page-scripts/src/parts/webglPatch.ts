/**
 * WebGL: the profile's unmasked vendor and renderer (what the debug-renderer-info extension
 * reports), the size limits of the claimed GPU where the machine's renderer reports less, and
 * seeded noise on pixels read back with readPixels.
 */
export const webglPatch = String.raw`
  [scope.WebGLRenderingContext, scope.WebGL2RenderingContext].forEach(function (type) {
    if (!type) return;
    var limits = options.webglLimits;
    if (options.webglVendor || options.webglRenderer || limits) {
      replaceMethod(type.prototype, 'getParameter', function (original, self, args) {
        // The real call first: without getExtension('WEBGL_debug_renderer_info') Chromium answers
        // the unmasked enums with null and an INVALID_ENUM error, and so must we.
        var value = original.apply(self, args);
        if (args[0] === 0x9245 && options.webglVendor && value !== null) return options.webglVendor;
        if (args[0] === 0x9246 && options.webglRenderer && value !== null) return options.webglRenderer;
        if (!limits) return value;
        // MAX_TEXTURE_SIZE, MAX_CUBE_MAP_TEXTURE_SIZE, MAX_RENDERBUFFER_SIZE
        if ((args[0] === 0x0d33 || args[0] === 0x851c || args[0] === 0x84e8) && typeof value === 'number' && value < limits.maxTextureSize) return limits.maxTextureSize;
        // MAX_VIEWPORT_DIMS: a new Int32Array, as the real getter returns one per call.
        if (args[0] === 0x0d3a && value && value[0] < limits.maxViewportDims[0]) return new scope.Int32Array(limits.maxViewportDims);
        return value;
      });
    }
    if (options.webglImage) {
      replaceMethod(type.prototype, 'readPixels', function (original, self, args) {
        var result = original.apply(self, args);
        var pixels = args[6];
        var width = args[2];
        if (pixels && pixels.length && width > 0) {
          // Keyed by the pixel's place in the drawing buffer: the same pixel reads back the same
          // through any rectangle.
          for (var i = 0; i < pixels.length; i += 4) {
            var p = i >> 2;
            var r = noiseAt(13, (args[1] + ((p / width) | 0)) * 65536 + args[0] + (p % width));
            if ((r & 15) === 0) pixels[i + (r >>> 4) % 3] ^= 1;
          }
        }
        return result;
      });
    }
  });
`;
