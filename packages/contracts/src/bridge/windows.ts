import { z } from 'zod';
import { limits } from '../limits.ts';

/** Chromium keeps its windows at least this large (500 × 177 on Linux): a smaller cell would only overlap. */
export const WINDOW_MIN_WIDTH = 500;
export const WINDOW_MIN_HEIGHT = 200;
export const ARRANGE_MAX_COLUMNS = 20;
/** The largest window size an arrangement takes: beyond any screen there is. */
export const WINDOW_MAX_SIZE = 16_384;

/** A window's place on the screen, in screen pixels. */
export const windowBoundsSchema = z.object({ left: z.number().int(), top: z.number().int(), width: z.number().int().positive(), height: z.number().int().positive() });
export type WindowBounds = z.infer<typeof windowBoundsSchema>;

/**
 * `arrangeWindows`: the windows of these profiles (all running ones without a list), in the
 * order of their numbers; columns and window size chosen to fit the screen unless given.
 */
export const arrangeWindowsParameterSchema = z.object({
  profileIds: z.array(z.string().min(1).max(64)).max(limits.maxProfilesPerBatch).optional(),
  columns: z.number().int().min(1).max(ARRANGE_MAX_COLUMNS).optional(),
  width: z.number().int().min(WINDOW_MIN_WIDTH).max(WINDOW_MAX_SIZE).optional(),
  height: z.number().int().min(WINDOW_MIN_HEIGHT).max(WINDOW_MAX_SIZE).optional(),
});
export type ArrangeWindowsParameter = z.infer<typeof arrangeWindowsParameterSchema>;
export const arrangeWindowsResultSchema = z.object({
  /** The screen area the grid filled (the primary screen's, without task bars). */
  screen: windowBoundsSchema,
  columns: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
  /** Each window moved, with the bounds Chromium reports afterwards. */
  windows: z.array(z.object({ profileId: z.string(), bounds: windowBoundsSchema })),
  /** Running with a window, but it could not be moved (it closed meanwhile). */
  failed: z.array(z.string()),
});
export type ArrangeWindowsResult = z.infer<typeof arrangeWindowsResultSchema>;
