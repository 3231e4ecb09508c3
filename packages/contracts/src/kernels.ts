import { z } from 'zod';

/** An installed browser the agent can launch profiles with ("kernel"); the first is the default. */
export const kernelSchema = z.object({
  path: z.string(),
  product: z.enum(['Chromium', 'Google Chrome']),
  /** The full version, e.g. 156.0.8078.79. */
  version: z.string(),
  major: z.number().int().positive(),
});
export type Kernel = z.infer<typeof kernelSchema>;
export const kernelListSchema = z.array(kernelSchema);
