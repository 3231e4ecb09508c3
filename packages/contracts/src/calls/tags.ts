import { z } from 'zod';
import { defineCall, forApiToken } from '../call.ts';
import { Code } from '../codes.ts';
import { changedResponse, profileIdsField } from '../profiles/listing.ts';
import { tagColors, tagSchema } from '../profiles/tags.ts';

const tagFields = z.object({
  name: z.string().trim().min(1, { message: 'validation.required' }).max(30, { message: 'validation.tooLong' }),
  color: z.enum(tagColors).default('blue'),
});
const tagIds = z.array(z.string().min(1).max(40)).max(100);

export const tagListCall = defineCall({
  path: 'tag/list',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'tags',
  summary: 'Your tags by name, each with how many of your live profiles carry it.',
  request: z.object({}).strict(),
  response: z.object({ list: z.array(tagSchema.extend({ profileCount: z.number().int() })) }),
});

export const tagCreateCall = defineCall({
  path: 'tag/create',
  method: 'post',
  access: 'session',
  tag: 'tags',
  summary: 'Create a tag (a name unique in your account whatever its letter case, and a colour). At most 200.',
  codes: [Code.TAG_NAME_TAKEN, Code.TAG_LIMIT_REACHED],
  request: tagFields,
  response: z.object({ tag: tagSchema }),
});

export const tagUpdateCall = defineCall({
  path: 'tag/update',
  method: 'post',
  access: 'session',
  tag: 'tags',
  summary: 'Rename a tag or change its colour.',
  codes: [Code.NOT_FOUND, Code.TAG_NAME_TAKEN],
  request: tagFields.extend({ id: z.string().min(1).max(40) }),
  response: z.object({ tag: tagSchema }),
});

export const tagDeleteCall = defineCall({
  path: 'tag/delete',
  method: 'post',
  access: 'session',
  tag: 'tags',
  summary: 'Delete a tag; the profiles keep everything else.',
  codes: [Code.NOT_FOUND],
  request: z.object({ id: z.string().min(1).max(40) }),
  response: changedResponse,
});

export const profileTagCall = defineCall({
  path: 'browser/tag',
  method: 'post',
  access: 'session',
  tag: 'tags',
  summary: 'Put tags on your profiles and take others off, all or none; answers how many profiles changed.',
  codes: [Code.NOT_FOUND],
  request: z.object({ ids: profileIdsField, add: tagIds.default([]), remove: tagIds.default([]) }),
  response: changedResponse,
});

export const apiTagListCall = forApiToken(tagListCall);
export const apiProfileTagCall = forApiToken(profileTagCall);
export const apiTagCreateCall = forApiToken(tagCreateCall);
export const apiTagUpdateCall = forApiToken(tagUpdateCall);
export const apiTagDeleteCall = forApiToken(tagDeleteCall);
export const tagWebCalls = [tagListCall, tagCreateCall, tagUpdateCall, tagDeleteCall, profileTagCall] as const;
export const apiTagCalls = [apiTagListCall, apiProfileTagCall, apiTagCreateCall, apiTagUpdateCall, apiTagDeleteCall] as const;
