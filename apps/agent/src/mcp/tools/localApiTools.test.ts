import { localApiRoutes } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { localApiTools } from '../facetMcpServer.ts';

/**
 * The tools against the local API's route table: every tool's path is one the table has, with
 * its method (a GET tool on a POST path would only ever answer method_not_allowed).
 */
describe('the local API tools', () => {
  const routes = Object.values(localApiRoutes);

  it('each call a path of the local API with its method', () => {
    for (const tool of localApiTools) {
      const route = routes.find((r) => r.path === tool.path);
      expect(route ? `${tool.name}: ${route.method} ${route.path}` : `${tool.name}: no such path`).toBe(`${tool.name}: ${tool.method} ${tool.path}`);
    }
  });

  it('have one tool per name', () => {
    const names = localApiTools.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
