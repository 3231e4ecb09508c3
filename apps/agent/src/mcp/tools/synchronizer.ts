import { z } from 'zod';
import { SYNCHRONIZER_MAX_FOLLOWERS } from '@facet/contracts';
import type { LocalApiTool } from './localApiTool.ts';

/**
 * Facet's window synchronizer as tools (AdsPower's MCP server has none): one leader's clicks,
 * typing, scrolling and navigation replayed in followers' windows, each a little differently.
 * Each tool is one call of the local API's synchronizer paths (docs/local-api.md).
 */
const id = z.string().min(1).max(64);

export const synchronizerTools: readonly LocalApiTool[] = [
  {
    name: 'start-synchronizer',
    description:
      "Mirror one running profile's window (the leader) into others (followers): what is done in the leader — clicks, typing, scrolling, keys, navigation — happens in each follower, with its own small delays and offsets. All must be running; one synchronizer at a time. Answers its status.",
    method: 'POST',
    path: '/api/v1/synchronizer/start',
    input: {
      leader_id: id.describe("The leader's profile id"),
      follower_ids: z.array(id).min(1).max(SYNCHRONIZER_MAX_FOLLOWERS).describe("The followers' profile ids"),
      options: z
        .object({
          min_delay_ms: z.number().int().min(0).max(5_000).optional(),
          max_delay_ms: z.number().int().min(0).max(5_000).optional(),
          jitter_px: z.number().int().min(0).max(20).optional(),
          navigation_settle_ms: z.number().int().min(0).max(30_000).optional(),
        })
        .optional()
        .describe("Each follower's delay range per event (default 20–90 ms), pointer offset in pixels (3), and how long a follower may take to follow a navigation by itself (1500 ms)"),
    },
  },
  {
    name: 'get-synchronizer-status',
    description: "The synchronizer's leader and each follower's state: inStep, outOfStep (on another page: nothing is replayed until resync), dropped, closed.",
    method: 'GET',
    path: '/api/v1/synchronizer/status',
    input: {},
  },
  {
    name: 'resync-follower',
    description: "Take an out-of-step follower to the leader's page; it is in step again once there.",
    method: 'POST',
    path: '/api/v1/synchronizer/resync',
    input: { user_id: id.describe("The follower's profile id") },
  },
  {
    name: 'drop-follower',
    description: 'Stop replaying into one follower; its browser and the other followers go on.',
    method: 'POST',
    path: '/api/v1/synchronizer/drop',
    input: { user_id: id.describe("The follower's profile id") },
  },
  {
    name: 'stop-synchronizer',
    description: 'Stop the synchronizer; nothing of it stays in any page.',
    method: 'POST',
    path: '/api/v1/synchronizer/stop',
    input: {},
  },
];
