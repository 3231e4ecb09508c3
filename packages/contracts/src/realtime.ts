import { z } from 'zod';

/**
 * socket.io channel (spec §4): after connecting the client emits `login` with its token and
 * language; the server acknowledges with a code and later emits `message` pushes.
 */
export const realtimeEvents = { login: 'login', message: 'message' } as const;

export const realtimeLoginSchema = z.object({ auth: z.string().min(1).max(512), lang: z.number().int().optional() });
export const realtimePushSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.unknown().optional(),
});
export type RealtimePush = z.infer<typeof realtimePushSchema>;

/** Progress of a long call (batch create), pushed to the caller's sockets as `progress`. */
export const realtimeProgressEvent = 'progress' as const;
export const realtimeProgressSchema = z.object({
  requestId: z.string(),
  done: z.number().int(),
  total: z.number().int(),
});
export type RealtimeProgress = z.infer<typeof realtimeProgressSchema>;
