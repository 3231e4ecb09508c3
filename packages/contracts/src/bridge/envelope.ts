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
  'session',
  'startBrowser',
  'stopBrowser',
  'runningBrowsers',
  'testProxy',
  'kernels',
  'saveConfig',
  'listDirectory',
  'cleanCache',
  /** Opens the profile (started if needed) at the agent's fingerprint check page: fingerprintCheck.ts. */
  'checkFingerprint',
  /** The exit dialog's "keep running in the background": the app window closes; the agent, its browsers and the local API stay. */
  'closeWindow',
  /** The exit dialog's "exit": every browser closes (cookies saved), then the agent stops. */
  'quitClient',
  /** The server this client works with, as the person typed it at first start (or later). */
  'setServer',
  /** Open or close many profiles: the agent runs the batch (a few at a time) and pushes `batch` as it goes. */
  'startBrowsers',
  'stopBrowsers',
  /** The batches still running, for a console that opens (or reloads) in the middle of one. */
  'browserBatches',
  /** The batch's profiles not yet begun are left alone; the ones under way finish. */
  'cancelBatch',
  /** Lays the running profiles' windows out in a grid on the screen. */
  'arrangeWindows',
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
export const bridgePushTypes = ['notice/logout', 'msgbox', 'updataver', 'cleancache', 'cleancacheprogress', 'start', 'stop', 'starterror', 'batch', 'syncprogress', 'syncconflict', 'leaselost', 'accessended'] as const;
export const bridgePushSchema = z.object({
  push: z.enum(bridgePushTypes),
  parameter: z.unknown().optional(),
});
export type BridgePush = z.infer<typeof bridgePushSchema>;
