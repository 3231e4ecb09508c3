import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Code } from '../codes.ts';
import { changedResponse, pageField, pageOf, pageSizeField, profileIdsField } from '../profiles/listing.ts';
import { recycleItemSchema } from '../profiles/profile.ts';

export const recycleListCall = defineCall({
  path: 'recycle/list',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'recycle',
  summary: 'Your deleted profiles, newest first, with when each is purged.',
  request: z.object({ page: pageField, limit: pageSizeField, search: z.string().trim().max(100).default('') }),
  response: pageOf(recycleItemSchema).extend({ retentionDays: z.number().int() }),
});

export const recycleRestoreCall = defineCall({
  path: 'recycle/restore',
  method: 'post',
  access: 'session',
  tag: 'recycle',
  summary: 'Bring profiles back from the recycle bin (into their group if it still exists).',
  codes: [Code.NOT_FOUND],
  request: z.object({ ids: profileIdsField }),
  response: changedResponse,
});

export const recyclePurgeCall = defineCall({
  path: 'recycle/purge',
  method: 'post',
  access: 'session',
  tag: 'recycle',
  summary: 'Delete profiles in the recycle bin for good.',
  codes: [Code.NOT_FOUND],
  request: z.object({ ids: profileIdsField }),
  response: changedResponse,
});

export const recycleEmptyCall = defineCall({
  path: 'recycle/empty',
  method: 'post',
  access: 'session',
  tag: 'recycle',
  summary: 'Empty your recycle bin.',
  request: z.object({}).strict(),
  response: changedResponse,
});
