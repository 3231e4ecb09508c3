import { z } from 'zod';
import { page, shortText } from './limits.ts';
import type { LocalApiTool } from './localApiTool.ts';

/** AdsPower's application tools: whether the local API answers, and the application (extension) categories. */
export const applicationTools: readonly LocalApiTool[] = [
  { name: 'check-status', description: 'Whether the local API of this machine answers.', method: 'GET', path: '/status', input: {} },
  {
    name: 'get-application-list',
    description: 'The application (extension) categories, optionally one category\'s.',
    method: 'GET',
    path: '/api/v2/category/list',
    input: { category_id: shortText(64).optional(), page, limit: z.number().int().min(1).max(100).optional() },
  },
];
