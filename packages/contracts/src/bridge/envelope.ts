import { z } from 'zod';
import { bridgeRequestTypes } from './requests.ts';

/**
 * Console ↔ agent bridge (WebSocket on 127.0.0.1). The agent serves the console page with a
 * per-install secret in it; the first message must be `hello` with that secret, and the agent
 * also refuses any Origin but its own. Shapes follow spec §3 "client-call reply"; what each
 * request's `parameter` and `value` hold is in requests.ts.
 */
export const bridgeRequestSchema = z.object({
  id: z.number().int().nonnegative(),
  type: z.enum(bridgeRequestTypes),
  parameter: z.unknown().optional(),
});

export const bridgeReplySchema = z.object({
  id: z.number().int().nonnegative(),
  /** 0 is ok; otherwise a bridge error code (errors.ts). */
  error: z.number().int(),
  type: z.string(),
  msg: z.string(),
  parameter: z.unknown().optional(),
  value: z.unknown().optional(),
});
export type BridgeReply = z.infer<typeof bridgeReplySchema>;

/** Pushes the agent sends without being asked (spec §4 "client-pushed events"). */
export const bridgePushTypes = ['notice/logout', 'msgbox', 'updataver', 'cleancache', 'cleancacheprogress', 'start', 'stop', 'starterror', 'batch', 'syncprogress', 'syncconflict', 'leaselost', 'accessended', 'synchronizer'] as const;
export const bridgePushSchema = z.object({
  push: z.enum(bridgePushTypes),
  parameter: z.unknown().optional(),
});
export type BridgePush = z.infer<typeof bridgePushSchema>;
