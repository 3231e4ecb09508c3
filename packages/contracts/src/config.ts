import { z } from 'zod';

export const supportContactKinds = ['wechat', 'qq', 'telegram', 'whatsapp', 'skype', 'line'] as const;
export type SupportContactKind = (typeof supportContactKinds)[number];
/** Channels shown to people using the Chinese language; the others are shown to everyone else. */
export const chineseContactKinds: readonly SupportContactKind[] = ['wechat', 'qq'];

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
  support: z.object({
    email: z.string(),
    /**
     * The operator's messaging contacts. The contact dialog shows the Chinese channels (wechat,
     * qq) for the Chinese language and the international ones otherwise (spec §2).
     */
    contacts: z.array(z.object({ kind: z.enum(supportContactKinds), value: z.string() })).default([]),
  }),
  /** smsVerification: whether this server can send phone codes (no SMS provider is built in). */
  features: z.object({ mobileRegistration: z.boolean(), smtp: z.boolean(), smsVerification: z.boolean().default(false) }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
