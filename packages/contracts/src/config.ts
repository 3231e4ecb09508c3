import { z } from 'zod';

/** `GET /config.json`: what a console needs before its first call. */
export const publicConfigSchema = z.object({
  /** Base URL of the server's API (no trailing slash), as the server sees itself reached. */
  apiHost: z.string(),
  /** Base URL of the socket.io push channel. */
  pushHost: z.string(),
  /** Key for request signatures (public by design, see signing/sign.ts). */
  signKey: z.string(),
  version: z.string(),
  /** Desktop-client downloads: one for the Chinese language, one for the others (spec §1). */
  download: z.object({ zh: z.string(), other: z.string() }),
  support: z.object({ email: z.string() }),
  features: z.object({ mobileRegistration: z.boolean(), smtp: z.boolean() }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
