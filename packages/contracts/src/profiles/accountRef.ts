import { z } from 'zod';

/** Another account as lists name it: its id and username. */
export const accountRefSchema = z.object({ id: z.string(), name: z.string() });
export type AccountRef = z.infer<typeof accountRefSchema>;
