import { z } from 'zod';
import { intField, localIdField, looseIdField } from './fields.ts';

/** `GET /api/v1/group/list`: `group_name` matches part of a name, any case. */
export const groupListQuerySchema = z.object({
  group_name: z.string().trim().max(50).optional(),
  page: intField(1, 1_000_000).optional(),
  page_size: intField(1, 2000).optional(),
});

/** A group by AdsPower's names. Facet's groups carry no remark: it is always ''. */
export const adsGroupSchema = z.object({ group_id: z.string(), group_name: z.string(), remark: z.string() });

export const groupListSchema = z.object({ list: z.array(adsGroupSchema), page: z.number().int(), page_size: z.number().int() });

/** `POST /api/v1/group/create`. A remark is accepted and not kept. */
export const groupCreateBodySchema = z.object({ group_name: z.string().trim().min(1, { message: 'group_name_required' }).max(50), remark: z.string().max(500).optional() });

/** `POST /api/v1/group/update`. */
export const groupUpdateBodySchema = groupCreateBodySchema.extend({ group_id: looseIdField });

/** `GET /api/v1/application/list`: AdsPower's application categories are the team's plugins here. */
export const applicationListQuerySchema = z.object({
  page: intField(1, 1_000_000).optional(),
  page_size: intField(1, 100).optional(),
});

/** A plugin as an application category: its id (`category_id` of a profile), name, and introduction as the remark. */
export const applicationSchema = z.object({ id: z.string(), name: z.string(), remark: z.string() });
export const applicationListSchema = z.object({ list: z.array(applicationSchema), page: z.number().int(), page_size: z.number().int() });

/** `GET /api/v2/category/list`: the application categories (the team's plugins) by v2's names; `category_id` names one. */
export const categoryListQuerySchema = z.object({
  category_id: localIdField.optional(),
  page: intField(1, 1_000_000).optional(),
  limit: intField(1, 100).optional(),
});
export const categoryListSchema = z.object({ list: z.array(applicationSchema), page: z.number().int(), limit: z.number().int(), total: z.number().int() });
