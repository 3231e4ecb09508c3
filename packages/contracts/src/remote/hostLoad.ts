import { z } from 'zod';

/**
 * What a host reports of itself every few seconds over its link, and what the team sees in the
 * hosts list: its processor and memory as the host's own system counts them, and what it runs.
 */
export const hostLoadSchema = z.object({
  cores: z.number().int().min(1).max(4096),
  /** Share of all cores busy over the last interval, 0–100. */
  cpuPercent: z.number().min(0).max(100),
  memoryUsedMb: z.number().int().min(0).max(1 << 30),
  memoryTotalMb: z.number().int().min(1).max(1 << 30),
  /** Profiles the host runs for remote use now. */
  profiles: z.number().int().min(0).max(100_000),
  /** Viewers' streams it serves now. */
  streams: z.number().int().min(0).max(100_000),
});
export type HostLoad = z.infer<typeof hostLoadSchema>;
