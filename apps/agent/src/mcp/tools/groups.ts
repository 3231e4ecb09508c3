import { z } from 'zod';
import { groupId, page, shortText } from './limits.ts';
import type { LocalApiTool } from './localApiTool.ts';

/** AdsPower's group tools, on the local API's group paths. */
export const groupTools: readonly LocalApiTool[] = [
  { name: 'create-group', description: 'Create a group of profiles.', method: 'POST', path: '/api/v1/group/create', input: { group_name: shortText(50).min(1), remark: shortText(1500).optional() } },
  {
    name: 'update-group',
    description: 'Rename a group (or change its remark).',
    method: 'POST',
    path: '/api/v1/group/update',
    input: { group_id: groupId, group_name: shortText(50).min(1), remark: shortText(1500).nullable().optional() },
  },
  {
    name: 'get-group-list',
    description: 'The account\'s groups; group_name finds those whose name contains it.',
    method: 'GET',
    path: '/api/v1/group/list',
    input: { group_name: shortText(50).optional(), page_size: z.number().int().min(1).max(100).optional().describe("Groups per page, at most 100"), page },
  },
];
