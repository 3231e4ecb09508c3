import { z } from 'zod';
import { skippedCookieSchema } from '../profiles/cookieRule.ts';
import { startFailureReasons } from '../startFailure.ts';

export const isRunningParameterSchema = z.object({ profileId: z.string().max(64) });
export const browserParameterSchema = z.object({ profileId: z.string().min(1).max(64) });
/** A start may ask for no window (headless), as the local API's `headless=1` does. */
export const startBrowserParameterSchema = browserParameterSchema.extend({ headless: z.boolean().optional() });

/** A profile's browser on this machine, as the browser list shows it. */
export const runningBrowserSchema = z.object({
  profileId: z.string(),
  state: z.enum(['launching', 'running']),
  /** The numbered icon; numbers of closed browsers are handed out again. */
  number: z.number().int().positive(),
  /** Started without a window. */
  headless: z.boolean(),
  /** Stored cookies this start left out, the browser refusing them (issue 34); the console says which. */
  skippedCookies: z.array(skippedCookieSchema).default([]),
});
export type RunningBrowser = z.infer<typeof runningBrowserSchema>;
export const runningBrowserListSchema = z.array(runningBrowserSchema);

/** Pushed as `start` / `stop` / `starterror`. */
export const browserStatePushSchema = z.object({ profileId: z.string(), state: z.enum(['launching', 'running', 'stopped']), number: z.number().int().optional(), headless: z.boolean().optional() });
export const startErrorPushSchema = z.object({
  profileId: z.string(),
  reason: z.enum(startFailureReasons),
  /** With `openElsewhere`: where it is open, for the message's {{device}} and {{by}}. */
  elsewhere: z.object({ device: z.string(), by: z.string(), since: z.number().int() }).optional(),
});
