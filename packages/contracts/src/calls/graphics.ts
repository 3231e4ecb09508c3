import { z } from 'zod';
import { defineCall } from '../call.ts';

const text = (max: number) => z.string().max(max);

/** What WebGL says of the computer's graphics (the console reads it once per account). */
export const webglDataSchema = z.object({
  vendor: text(200),
  renderer: text(200),
  /** WEBGL_debug_renderer_info: the GPU itself ('' where the browser hides it). */
  unmaskedVendor: text(200),
  unmaskedRenderer: text(300),
  version: text(200),
  shadingLanguageVersion: text(200),
  maxTextureSize: z.number().int().min(0).max(1 << 20),
});
export type WebglData = z.infer<typeof webglDataSchema>;

/**
 * Spec §3 "graphics check payload": the screen and graphics of the computer the console runs
 * on, sent once per account (the console keeps a flag once the answer is 0). The operator sees
 * what their users' machines are (`admin graphics`), to tune what profiles claim.
 */
export const graphicsReportCall = defineCall({
  path: 'webgl/set_data',
  method: 'post',
  access: 'session',
  tag: 'account',
  summary: "Report this computer's screen and WebGL graphics, once per account (the newest report replaces the last).",
  codes: [],
  request: z.object({
    screenResolution: z.string().regex(/^\d{2,5}x\d{2,5}$/),
    devicePixelRatio: z.number().min(0.25).max(8),
    userAgent: text(512),
    /** Null where WebGL is off or missing. */
    webgldata: webglDataSchema.nullable(),
  }),
  response: z.object({}),
});
