import { z } from 'zod';

/**
 * Console ↔ agent bridge (WebSocket on 127.0.0.1). The agent serves the console page with a
 * per-install secret in it; the first message must be `hello` with that secret, and the agent
 * also refuses any Origin but its own. Shapes follow spec §3 "client-call reply".
 */
export const bridgeRequestTypes = [
  'hello',
  'openUrl',
  'base64Encode',
  'isBrowserRunning',
  'configInfo',
  'logout',
] as const;
export type BridgeRequestType = (typeof bridgeRequestTypes)[number];

export const bridgeRequestSchema = z.object({
  id: z.number().int().nonnegative(),
  type: z.enum(bridgeRequestTypes),
  parameter: z.unknown().optional(),
});
export type BridgeRequest = z.infer<typeof bridgeRequestSchema>;

export const bridgeReplySchema = z.object({
  id: z.number().int().nonnegative(),
  /** 0 is ok; otherwise a bridge error code below. */
  error: z.number().int(),
  type: z.string(),
  msg: z.string(),
  parameter: z.unknown().optional(),
  value: z.unknown().optional(),
});
export type BridgeReply = z.infer<typeof bridgeReplySchema>;

/** Pushes the agent sends without being asked (spec §4 "client-pushed events"). */
export const bridgePushTypes = ['notice/logout', 'msgbox', 'updataver', 'cleancache', 'start', 'stop', 'starterror'] as const;
export const bridgePushSchema = z.object({
  push: z.enum(bridgePushTypes),
  parameter: z.unknown().optional(),
});
export type BridgePush = z.infer<typeof bridgePushSchema>;

export const BridgeError = {
  OK: 0,
  BAD_REQUEST: 1,
  NOT_ALLOWED: 2,
  FAILED: 3,
  UNAUTHENTICATED: 4,
} as const;

export const bridgeErrorMessageKey: Record<number, string> = {
  [BridgeError.BAD_REQUEST]: 'bridge.badRequest',
  [BridgeError.NOT_ALLOWED]: 'bridge.notAllowed',
  [BridgeError.FAILED]: 'error.operationFailed',
  [BridgeError.UNAUTHENTICATED]: 'bridge.unauthenticated',
};

/** What the agent injects into the page it serves (and only that page). */
export const clientBootstrapSchema = z.object({
  bridgeUrl: z.string(),
  secret: z.string().min(32),
  agentVersion: z.string(),
});
export type ClientBootstrap = z.infer<typeof clientBootstrapSchema>;
export const CLIENT_BOOTSTRAP_GLOBAL = '__FACET_CLIENT__';

export const openUrlParameterSchema = z.object({ url: z.string().url().max(2048) });
export const base64ParameterSchema = z.object({ text: z.string().max(1024 * 1024) });
export const isRunningParameterSchema = z.object({ profileId: z.string().max(64) });

/** Local client config (spec §3): where profiles live, disk use, and the automation API settings. */
export const localClientConfigSchema = z.object({
  profileDir: z.string(),
  diskUse: z.number().int().nonnegative(),
  diskMinLimit: z.number().int().min(1),
  Emulation: z.object({ open: z.boolean(), bindip: z.string(), port: z.number().int().min(1).max(65535), password: z.string() }),
});
export type LocalClientConfig = z.infer<typeof localClientConfigSchema>;
