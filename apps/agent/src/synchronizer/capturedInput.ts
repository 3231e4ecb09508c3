import type { CapturedInput } from '@facet/page-scripts';
import { z } from 'zod';

/**
 * The capture script's reports parsed at the agent's edge: the script runs in a world the page
 * cannot reach, but the document is the page's, and nothing it says may throw in the agent.
 * A report of another shape is dropped.
 */
const coordinate = z.number().finite().min(-1e6).max(1e6);
const fraction = z.number().finite().min(-10).max(10);
const targetSchema = z.object({ frames: z.array(z.string().max(4000)).max(20), path: z.string().min(1).max(4000), fx: fraction, fy: fraction }).nullable();
const viewport = { vw: z.number().finite().positive().max(1e5), vh: z.number().finite().positive().max(1e5) };
const modifiers = z.number().int().min(0).max(15);

const capturedInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('mouse'), type: z.enum(['down', 'up', 'move']), button: z.number().int().min(-1).max(4), buttons: z.number().int().min(0).max(31), clickCount: z.number().int().min(0).max(10), x: coordinate, y: coordinate, modifiers, target: targetSchema, ...viewport }),
  z.object({ kind: z.literal('wheel'), dx: coordinate, dy: coordinate, x: coordinate, y: coordinate, modifiers, target: targetSchema, ...viewport }),
  z.object({ kind: z.literal('key'), type: z.enum(['down', 'up']), key: z.string().max(40), code: z.string().max(40), keyCode: z.number().int().min(0).max(1000), location: z.number().int().min(0).max(3), modifiers, repeat: z.boolean() }),
  z.object({ kind: z.literal('text'), text: z.string().min(1).max(10_000) }),
]);

/** The report as the capture script sent it, or null when it is not one. */
export function parseCapturedInput(payload: string): CapturedInput | null {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = capturedInputSchema.safeParse(json);
  return parsed.success ? (parsed.data satisfies CapturedInput) : null;
}
