import { z } from 'zod';
import { limits, type PageSize } from '../limits.ts';

/** Page sizes of spec §9; anything else is refused rather than silently changed. */
export const pageSizeField = z
  .number()
  .int()
  .refine((n): n is PageSize => (limits.pageSizes as readonly number[]).includes(n), { message: 'validation.pageSize' })
  .default(20);

export const pageField = z.number().int().min(1).max(1_000_000).default(1);

export const profileSortFields = ['serial', 'name', 'createdAt', 'lastUsedAt'] as const;

export const listQuerySchema = z.object({
  page: pageField,
  limit: pageSizeField,
  /** Matches name, remark, id or proxy host. */
  search: z.string().trim().max(100).default(''),
  groupId: z.string().max(40).optional(),
  /** Only profiles carrying this tag (your own list). */
  tagId: z.string().max(40).optional(),
  /** Only these profiles, by id (scripts asking for the ones they know). */
  ids: z.array(z.string().min(1).max(40)).max(100).optional(),
  /** Only these profiles, by their number in the owner's account ("profile 42"). */
  serials: z.array(z.number().int().min(1)).max(100).optional(),
  sort: z.enum(profileSortFields).default('serial'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ListQuery = z.output<typeof listQuerySchema>;

export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ list: z.array(row), total: z.number().int() });
}

/** A batch of profile ids: at least one, at most a few pages' worth, no duplicates needed. */
export const profileIdsField = z
  .array(z.string().min(1).max(40))
  .min(1, { message: 'validation.selection.empty' })
  .max(limits.maxProfilesPerBatch, { message: 'validation.selection.tooMany' })
  .transform((ids) => [...new Set(ids)]);

/** The answer of a batch action: how many profiles it changed. */
export const changedResponse = z.object({ changed: z.number().int() });
