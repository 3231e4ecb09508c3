import type { WebglData } from '@facet/contracts';

/** What WebGL tells of this computer's graphics; null where WebGL is off or missing. */
export function readWebglData(): WebglData | null {
  const gl = document.createElement('canvas').getContext('webgl');
  if (!gl) return null;
  const debug = gl.getExtension('WEBGL_debug_renderer_info');
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const facts: WebglData = {
    vendor: text(gl.getParameter(gl.VENDOR)).slice(0, 200),
    renderer: text(gl.getParameter(gl.RENDERER)).slice(0, 200),
    unmaskedVendor: debug ? text(gl.getParameter(debug.UNMASKED_VENDOR_WEBGL)).slice(0, 200) : '',
    unmaskedRenderer: debug ? text(gl.getParameter(debug.UNMASKED_RENDERER_WEBGL)).slice(0, 300) : '',
    version: text(gl.getParameter(gl.VERSION)).slice(0, 200),
    shadingLanguageVersion: text(gl.getParameter(gl.SHADING_LANGUAGE_VERSION)).slice(0, 200),
    maxTextureSize: Number(gl.getParameter(gl.MAX_TEXTURE_SIZE)) || 0,
  };
  // The context is not needed again: give the GPU process its resources back.
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return facts;
}
