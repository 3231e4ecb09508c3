import { z } from 'zod';

/** antd's preset tag colours: each reads well in the light and the dark theme. */
export const tagColors = ['magenta', 'red', 'volcano', 'orange', 'gold', 'lime', 'green', 'cyan', 'blue', 'geekblue', 'purple'] as const;
export type TagColor = (typeof tagColors)[number];

export const tagSchema = z.object({ id: z.string(), name: z.string(), color: z.enum(tagColors) });
export type Tag = z.infer<typeof tagSchema>;

/** Tags one account may have. */
export const MAX_TAGS = 200;
