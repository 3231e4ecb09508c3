import { z } from 'zod';
import { defineCall, forApiToken } from '../call.ts';
import { Code } from '../codes.ts';
import { limits } from '../limits.ts';
import { groupSchema } from '../profiles/profile.ts';
import { validateSortValue } from '../validation.ts';

const groupFields = z.object({
  name: z.string().trim().min(1, { message: 'validation.group.nameRequired' }).max(50, { message: 'validation.tooLong' }),
  icon: z.number().int().min(1).max(limits.browserIconCount).default(1),
  sort: z.number().refine((v) => validateSortValue(v) === null, { message: 'validation.sortValue' }).default(0),
});

export const groupListCall = defineCall({
  path: 'group/list',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'groups',
  summary: 'Your groups by sort value, then name; with the count of profiles outside any group.',
  request: z.object({}).strict(),
  response: z.object({ list: z.array(groupSchema), ungroupedCount: z.number().int() }),
});

export const groupCreateCall = defineCall({
  path: 'group/create',
  method: 'post',
  access: 'session',
  tag: 'groups',
  summary: 'Create a group.',
  codes: [Code.GROUP_NAME_TAKEN, Code.SORT_VALUE_INVALID],
  request: groupFields,
  response: z.object({ group: groupSchema }),
});

export const groupUpdateCall = defineCall({
  path: 'group/update',
  method: 'post',
  access: 'session',
  tag: 'groups',
  summary: 'Rename a group, change its icon or sort value.',
  codes: [Code.NOT_FOUND, Code.GROUP_NAME_TAKEN, Code.SORT_VALUE_INVALID],
  request: groupFields.extend({ id: z.string().min(1).max(40) }),
  response: z.object({ group: groupSchema }),
});

export const groupDeleteCall = defineCall({
  path: 'group/delete',
  method: 'post',
  access: 'session',
  tag: 'groups',
  summary: 'Delete a group; its profiles become ungrouped.',
  codes: [Code.NOT_FOUND],
  request: z.object({ id: z.string().min(1).max(40) }),
  response: z.object({ moved: z.number().int() }),
});

/** The group calls for scripts holding an API token (/v2/api/), answered as the console's are. */
export const apiGroupListCall = forApiToken(groupListCall);
export const apiGroupCreateCall = forApiToken(groupCreateCall);
export const apiGroupUpdateCall = forApiToken(groupUpdateCall);
export const apiGroupDeleteCall = forApiToken(groupDeleteCall);
export const apiGroupCalls = [apiGroupListCall, apiGroupCreateCall, apiGroupUpdateCall, apiGroupDeleteCall] as const;
