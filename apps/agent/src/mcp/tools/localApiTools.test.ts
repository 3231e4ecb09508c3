import { localApiRoutes } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { localApiTools } from '../facetMcpServer.ts';

/**
 * The tools against the local API's route table: a tool on a path the table has uses its method
 * (a GET tool on a POST path would only ever answer method_not_allowed). AdsPower's paths the
 * table does not have yet are named here; they are being added with AdsPower's shapes.
 */
const PATHS_BEING_ADDED = [
  '/api/v2/category/list',
  '/api/v2/proxy-list/create',
  '/api/v2/proxy-list/update',
  '/api/v2/proxy-list/list',
  '/api/v2/proxy-list/delete',
  '/api/v2/browser-tags/list',
  '/api/v2/browser-tags/create',
  '/api/v2/browser-tags/update',
  '/api/v2/browser-tags/delete',
  '/api/v2/browser-profile/kernels',
  '/api/v2/browser-profile/download-kernel',
  '/api/v2/browser-profile/update-patch',
  '/api/v1/browser/cloud-active',
];

describe('the local API tools', () => {
  const routes = Object.values(localApiRoutes);

  it('each call a path of the local API with its method, or one being added', () => {
    for (const tool of localApiTools) {
      const route = routes.find((r) => r.path === tool.path);
      if (route) expect(`${tool.name}: ${route.method}`).toBe(`${tool.name}: ${tool.method}`);
      else expect(PATHS_BEING_ADDED, tool.name).toContain(tool.path);
    }
  });

  it('have one tool per name', () => {
    const names = localApiTools.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
