import { z } from 'zod';

/**
 * The window synchronizer: what a person does in one running profile's window (the leader) —
 * clicks, typing, scrolling, keys, navigation — happens in the windows of other running profiles
 * (the followers), each with its own small human differences. One synchronizer per agent: a
 * second start is refused with `synchronizer_running` until the first stops (a profile cannot be
 * led by two leaders, and one place holds the whole state the console shows).
 */

/** At most this many followers: each replayed event costs a CDP round trip per follower. */
export const SYNCHRONIZER_MAX_FOLLOWERS = 50;

const profileIdField = z.string().trim().min(1).max(64);

/**
 * How followers differ from the leader and from each other. Every follower draws its own delay
 * (between the two bounds, anew for each event) and its own offset inside the element it clicks.
 */
export const synchronizerOptionsSchema = z
  .object({
    /** The shortest delay between the leader's event and a follower's replay, in ms. */
    minDelayMs: z.number().int().min(0).max(5_000).default(20),
    /** The longest such delay, in ms. */
    maxDelayMs: z.number().int().min(0).max(5_000).default(90),
    /** How far (pixels, each axis) a follower's pointer may land from the leader's spot inside the same element. */
    jitterPx: z.number().int().min(0).max(20).default(3),
    /** How long a follower may take to reach the leader's new page on its own (its replayed click) before it is sent there, in ms. */
    navigationSettleMs: z.number().int().min(0).max(30_000).default(1_500),
  })
  .refine((options) => options.minDelayMs <= options.maxDelayMs, { message: 'delay_range_inverted', path: ['maxDelayMs'] });
export type SynchronizerOptions = z.output<typeof synchronizerOptionsSchema>;
export type SynchronizerOptionsInput = z.input<typeof synchronizerOptionsSchema>;

/** Start: the leader and 1 to 50 distinct followers, none of them the leader; every one must be running. */
export const synchronizerStartInputSchema = z
  .object({
    leaderId: profileIdField,
    followerIds: z.array(profileIdField).min(1).max(SYNCHRONIZER_MAX_FOLLOWERS),
    options: synchronizerOptionsSchema.optional(),
  })
  .refine((input) => new Set(input.followerIds).size === input.followerIds.length, { message: 'duplicate_follower', path: ['followerIds'] })
  .refine((input) => !input.followerIds.includes(input.leaderId), { message: 'leader_as_follower', path: ['followerIds'] });
export type SynchronizerStartInput = z.input<typeof synchronizerStartInputSchema>;

/**
 * A follower's state:
 * - `inStep`: its page is the leader's (same origin and path); events are replayed in it.
 * - `outOfStep`: it went to another page on its own (origin or path differ from the leader's); nothing is
 *   replayed in it until `resync` takes it to the leader's page.
 * - `dropped`: removed by `drop`; nothing more is sent to it, its browser keeps running.
 * - `closed`: its browser closed (or its page went away) while synchronized.
 */
export const followerStates = ['inStep', 'outOfStep', 'dropped', 'closed'] as const;
export const followerStateSchema = z.enum(followerStates);
export type FollowerState = z.infer<typeof followerStateSchema>;

export const synchronizerFollowerSchema = z.object({
  profileId: z.string(),
  state: followerStateSchema,
  /** The follower's main page address as last seen (absent until known, or once closed). */
  url: z.string().optional(),
});
export type SynchronizerFollower = z.infer<typeof synchronizerFollowerSchema>;

/** Where the synchronizer stands; `running: false` with `leaderId: null` and no followers when none runs. */
export const synchronizerStatusSchema = z.object({
  running: z.boolean(),
  leaderId: z.string().nullable(),
  /** The leader's main page address as last seen. */
  leaderUrl: z.string().optional(),
  followers: z.array(synchronizerFollowerSchema),
});
export type SynchronizerStatus = z.infer<typeof synchronizerStatusSchema>;

/** `resync`: take this follower to the leader's page (it becomes `inStep` when it is there). */
export const synchronizerResyncInputSchema = z.object({ profileId: profileIdField });
export type SynchronizerResyncInput = z.infer<typeof synchronizerResyncInputSchema>;

/** `drop`: stop replaying into this follower; the others go on. */
export const synchronizerDropInputSchema = z.object({ profileId: profileIdField });
export type SynchronizerDropInput = z.infer<typeof synchronizerDropInputSchema>;

/** `stop` takes nothing: every capture script and binding is removed from the leader's pages. */
export const synchronizerStopInputSchema = z.object({}).strict();

/**
 * Why a synchronizer call was refused: stable codes, the same on the bridge (its `msg`) and the
 * local API (its `msg`); the console words them from the locale files.
 */
export const synchronizerFailures = [
  'leader_not_running',
  'follower_not_running',
  'synchronizer_running',
  'synchronizer_not_running',
  /** resync or drop named a profile that is not a follower of the running synchronizer. */
  'not_a_follower',
  /** resync on a follower whose browser closed, or that was dropped. */
  'follower_unavailable',
] as const;
export const synchronizerFailureSchema = z.enum(synchronizerFailures);
export type SynchronizerFailure = z.infer<typeof synchronizerFailureSchema>;
