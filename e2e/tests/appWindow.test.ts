import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startProcess, startStack, type Stack } from '../support/processes.ts';
import { processesWith, startXvfb } from '../support/xvfb.ts';

let stack: Stack;
let xvfb: Awaited<ReturnType<typeof startXvfb>>;
beforeAll(async () => {
  [stack, xvfb] = await Promise.all([startStack(), startXvfb()]);
});
afterAll(async () => {
  await stack?.stop();
  await xvfb?.stop();
});

describe('desktop client window', () => {
  it('opens the console in a Chromium app window with its own profile, connects the bridge, and closes with the agent', async () => {
    const agentData = path.join(stack.dataDir, 'window-agent');
    // A second agent, this time with a display (the stack's own agent runs without one).
    const agent = await startProcess(
      'apps/agent/src/main.ts',
      {
        DISPLAY: xvfb.display,
        FACET_APP_WINDOW: '1',
        FACET_AGENT_PORT: '0',
        FACET_AGENT_DATA_DIR: agentData,
        FACET_SERVER_URL: stack.serverUrl,
        FACET_CONSOLE_DIR: path.join(repoRoot, 'apps/console/dist'),
      },
      // The page in the window loaded, read its secret and said hello over the bridge.
      /a console connected to the bridge/,
    );
    try {
      const url = /desktop client at (\S+)/.exec(agent.output())![1]!;
      const windows = processesWith(`--app=${url}`);
      expect(windows.length).toBeGreaterThan(0);
      expect(windows[0]).toContain(`--user-data-dir=${path.join(agentData, 'app-window')}`);
      // The window came in through a one-time link. Anyone can read it in the command line, but
      // the window has spent it: replayed, it opens nothing.
      const link = /--app=(\S+)/.exec(windows[0]!)![1]!;
      expect(link).toMatch(/\?launch=[\w-]{43}$/);
      expect((await fetch(link, { redirect: 'manual' })).status).toBe(401);
    } finally {
      await agent.stop();
    }
    await expect.poll(() => processesWith(path.join(agentData, 'app-window')).length, { timeout: 30_000 }).toBe(0);
  });
});
