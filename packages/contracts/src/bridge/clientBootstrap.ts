import { z } from 'zod';

/** What the agent injects into the page it serves (and only that page). */
export const clientBootstrapSchema = z.object({
  bridgeUrl: z.string(),
  secret: z.string().min(32),
  agentVersion: z.string(),
  /** The server the agent works with; null until the person names one (first start). */
  server: z.string().nullable(),
  /** The server comes from FACET_SERVER_URL and cannot be changed from the console. */
  serverFixed: z.boolean(),
  /** 32 bytes (base64url) the console seals what it keeps in web storage with (spec §3: encrypted in the client). */
  storageKey: z.string().min(43),
});
export type ClientBootstrap = z.infer<typeof clientBootstrapSchema>;
export const CLIENT_BOOTSTRAP_GLOBAL = '__FACET_CLIENT__';
/** Set instead of the bootstrap on the agent's page opened without a launch link: the console says how to open it. */
export const CLIENT_LOCKED_GLOBAL = '__FACET_CLIENT_LOCKED__';
