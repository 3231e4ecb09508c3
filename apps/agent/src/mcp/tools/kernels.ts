import { z } from 'zod';
import type { LocalApiTool } from './localApiTool.ts';

/** AdsPower's kernel and patch tools: which Chromium builds this machine has, fetching one, updating the client. */
const kernelType = z.enum(['Chrome', 'Firefox']);

export const kernelTools: readonly LocalApiTool[] = [
  {
    name: 'get-kernel-list',
    description: 'The browser kernels (Chromium builds) this machine has or can get.',
    method: 'GET',
    path: '/api/v2/browser-profile/kernels',
    input: { kernel_type: kernelType.optional() },
  },
  {
    name: 'download-kernel',
    description: 'Download or update a browser kernel version.',
    method: 'POST',
    path: '/api/v2/browser-profile/download-kernel',
    input: { kernel_type: kernelType, kernel_version: z.string().regex(/^\d{2,3}$/).describe('A major version, e.g. "141"') },
  },
  {
    name: 'update-patch',
    description: 'Update the client to its latest patch version.',
    method: 'POST',
    path: '/api/v2/browser-profile/update-patch',
    input: { version_type: z.enum(['stable', 'beta']).optional() },
  },
];
