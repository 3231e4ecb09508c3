import { defineConfig } from 'vitest/config';

/**
 * Three tiers (see docs/testing.md): unit tests beside the code, server tests against a real
 * database over loopback HTTP, and e2e journeys in real Chromium. scripts/test.mjs runs them.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/agent/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/console/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // The 1 s default is one server round trip on a loaded CI machine, not a wait.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
