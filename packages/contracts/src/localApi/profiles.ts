import { z } from 'zod';
import { profileRowSchema } from '../profiles/profile.ts';
import { adsProfileFields } from './profileBody.ts';
import { intField, listField, localIdField, looseIdField, profileRefFields, profileRefOf } from './fields.ts';

/** Profile ids in a body: at most 100 a request, as AdsPower's delete allows. */
const idList = (max: number) => listField(localIdField, max);
const serialList = (max: number) => listField(intField(1, 1_000_000_000), max);

/** `POST /api/v1/user/update`: the profile by `user_id`, and the fields to change. */
export const updateV1BodySchema = z.looseObject({ user_id: localIdField, ...adsProfileFields });
/** `POST /api/v2/browser-profile/update`. */
export const updateV2BodySchema = z.looseObject({ profile_id: localIdField, ...adsProfileFields });

const sortFields = ['serial_number', 'last_open_time', 'created_time'] as const;

/** `GET /api/v1/user/list`. `user_sort` is JSON: `{"serial_number":"desc"}`. */
export const listV1QuerySchema = z.object({
  group_id: looseIdField.optional(),
  user_id: localIdField.optional(),
  serial_number: intField(1, 1_000_000_000).optional(),
  user_sort: z
    .string()
    .max(100)
    .transform((text, ctx) => {
      try {
        const parsed = z.partialRecord(z.enum(sortFields), z.enum(['asc', 'desc'])).parse(JSON.parse(text));
        const [field, order] = Object.entries(parsed)[0] ?? ['serial_number', 'desc'];
        return { field: field as (typeof sortFields)[number], order: order as 'asc' | 'desc' };
      } catch {
        ctx.addIssue({ code: 'custom', message: 'invalid_sort' });
        return z.NEVER;
      }
    })
    .optional(),
  page: intField(1, 1_000_000).optional(),
  page_size: intField(1, 100).optional(),
});

/** `POST /api/v2/browser-profile/list`. */
export const listV2BodySchema = z.looseObject({
  group_id: looseIdField.optional(),
  profile_id: idList(100).optional(),
  profile_no: serialList(100).optional(),
  sort_type: z.enum(['profile_no', 'last_open_time', 'created_time']).optional(),
  sort_order: z.enum(['asc', 'desc']).optional(),
  page: intField(1, 1_000_000).optional(),
  limit: intField(1, 100).optional(),
});

/** A profile in `/api/v1/user/list`, by AdsPower's names; times in seconds, as strings. */
export const profileRowV1Schema = z.object({
  serial_number: z.string(),
  user_id: z.string(),
  name: z.string(),
  group_id: z.string(),
  group_name: z.string(),
  domain_name: z.string(),
  username: z.string(),
  remark: z.string(),
  sys_app_cate_id: z.string(),
  created_time: z.string(),
  ip: z.string(),
  ip_country: z.string(),
  password: z.string(),
  last_open_time: z.string(),
});

/** The proxy of a listed profile: never its credentials (a list carries no secrets). */
export const listedProxySchema = z.object({
  proxy_soft: z.enum(['no_proxy', 'other']),
  proxy_type: z.string(),
  proxy_host: z.string(),
  proxy_port: z.string(),
});

/** A profile in `/api/v2/browser-profile/list`. */
export const profileRowV2Schema = z.object({
  profile_id: z.string(),
  profile_no: z.string(),
  name: z.string(),
  group_id: z.string(),
  group_name: z.string(),
  remark: z.string(),
  platform: z.string(),
  username: z.string(),
  password: z.string(),
  created_time: z.string(),
  last_open_time: z.string(),
  ip: z.string(),
  ip_country: z.string(),
  ipchecker: z.string(),
  fbcc_proxy_acc_id: z.string(),
  category_id: z.string(),
  user_proxy_config: listedProxySchema,
});

export const listV1Schema = z.object({ list: z.array(profileRowV1Schema), page: z.number().int(), page_size: z.number().int() });
export const listV2Schema = z.object({ list: z.array(profileRowV2Schema), page: z.number().int(), page_size: z.number().int() });

/** `POST /api/v1/user/delete`: into the recycle bin, as the console's delete. */
export const deleteV1BodySchema = z.object({ user_ids: idList(100).pipe(z.array(localIdField).min(1, { message: 'profile_id_required' })) });
export const deleteV2BodySchema = z.object({ profile_id: idList(100).pipe(z.array(localIdField).min(1, { message: 'profile_id_required' })) });

/** `POST /api/v1/user/regroup`. */
export const regroupBodySchema = z.object({
  user_ids: idList(1000).pipe(z.array(localIdField).min(1, { message: 'profile_id_required' })),
  group_id: looseIdField,
});

/** What `POST /api/v2/browser-profile/delete-cache` clears, by AdsPower's names. */
export const cacheTypes = ['local_storage', 'indexeddb', 'extension_cache', 'cookie', 'history', 'image_file'] as const;
export type CacheType = (typeof cacheTypes)[number];

export const deleteCacheV2BodySchema = z.object({
  profile_id: idList(100).pipe(z.array(localIdField).min(1, { message: 'profile_id_required' })),
  type: listField(z.enum(cacheTypes), cacheTypes.length).pipe(z.array(z.enum(cacheTypes)).min(1)),
});

/** Cleared of `delete-cache`: how many profiles, bytes freed (Facet's addition; AdsPower answers no data). */
export const cacheClearedSchema = z.object({ cleared: z.number().int(), freed_bytes: z.number().int() });

/** `GET /api/v2/browser-profile/cookies`: one profile. */
export const cookiesQuerySchema = z
  .object(profileRefFields)
  .refine((input) => profileRefOf(input) !== null, { message: 'profile_id_required', path: ['profile_id'] });

/**
 * `data.cookies` is JSON text of an array, as AdsPower answers: `name`, `value`, `domain`,
 * `path`, `httpOnly`, `secure`, `session`, `expires` (seconds; -1 for a session cookie), `sameSite`.
 */
export const cookiesSchema = z.object({ cookies: z.string() });

/** `POST /api/v2/browser-profile/ua` and `/new-fingerprint`: up to 10 profiles by id or number. */
export const profilesBatchBodySchema = z
  .object({ profile_id: idList(100).optional(), profile_no: serialList(100).optional() })
  .refine((input) => (input.profile_id?.length ?? 0) + (input.profile_no?.length ?? 0) > 0, { message: 'profile_id_required', path: ['profile_id'] })
  .refine((input) => (input.profile_id?.length ?? 0) + (input.profile_no?.length ?? 0) <= 10, { message: 'too_many_profiles', path: ['profile_id'] });

export const userAgentsSchema = z.object({ list: z.array(z.object({ profile_id: z.string(), profile_no: z.string(), ua: z.string() })) });

/** `POST /api/v2/browser-profile/share`: with an account named by e-mail (or user name), run only. */
export const shareBodySchema = z.object({
  profile_id: idList(200).pipe(z.array(localIdField).min(1, { message: 'profile_id_required' })),
  receiver: z.string().trim().min(1).max(254),
  /** 1: by e-mail (the default); 2: by phone, which Facet accounts do not have. */
  share_type: intField(1, 2).optional(),
  /** What else to share (name, proxy, remark, tabs): a Facet share always shows the profile as it is. */
  content: listField(z.string().max(20), 10).optional(),
});

/** AdsPower names the group it made for the recipient; a Facet recipient finds it under "shared with me". */
export const sharedSchema = z.object({ group_name: z.string() });

/** Facet's own `GET /api/v1/profile/list`: Facet's rows. */
export const facetListQuerySchema = z.object({
  page: intField(1, 1_000_000).optional(),
  page_size: intField(1, 100).optional(),
  search: z.string().max(100).optional(),
  group_id: looseIdField.optional(),
});
export const facetListSchema = z.object({ list: z.array(profileRowSchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
