import { z } from 'zod';
import { id, ids, page, shortText } from './limits.ts';
import type { LocalApiTool } from './localApiTool.ts';

/** AdsPower's profile-tag tools, on the local API's `/api/v2/browser-tags/*` paths. */
const color = z.enum(['darkBlue', 'blue', 'purple', 'red', 'yellow', 'orange', 'green', 'lightGreen']);

export const tagTools: readonly LocalApiTool[] = [
  {
    name: 'get-tag-list',
    description: 'The account\'s profile tags.',
    method: 'POST',
    path: '/api/v2/browser-tags/list',
    input: { ids: ids(100).optional(), limit: z.number().int().min(1).max(200).optional(), page },
  },
  {
    name: 'create-tag',
    description: 'Create profile tags.',
    method: 'POST',
    path: '/api/v2/browser-tags/create',
    input: { tags: z.array(z.object({ name: shortText(50).min(1), color: color.optional() }).strict()).min(1).max(100) },
  },
  {
    name: 'update-tag',
    description: 'Rename or recolour profile tags.',
    method: 'POST',
    path: '/api/v2/browser-tags/update',
    input: { tags: z.array(z.object({ id, name: shortText(50).min(1).optional(), color: color.optional() }).strict()).min(1).max(100) },
  },
  { name: 'delete-tag', description: 'Delete profile tags (profiles keep running without them).', method: 'POST', path: '/api/v2/browser-tags/delete', input: { ids: ids(100) } },
];
