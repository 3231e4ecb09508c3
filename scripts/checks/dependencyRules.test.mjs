import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDependencyRules, importsOf } from './dependencyRules.mjs';

const roots = [];
afterAll(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

function tree(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-deps-'));
  roots.push(root);
  for (const dir of ['packages/contracts/src', 'packages/api-client/src', 'apps/server/src', 'apps/console/src', 'apps/agent/src', 'e2e']) fs.mkdirSync(path.join(root, dir), { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('dependency rules', () => {
  it('finds static, dynamic and side-effect imports', () => {
    expect(importsOf(`import a from 'x';\nimport { b } from "y";\nexport * from './z';\nconst c = await import('w');\nimport 'v';`)).toEqual(['x', 'y', './z', 'w', 'v']);
  });

  it('passes a clean tree', () => {
    const root = tree({
      'packages/contracts/src/a.ts': `import { z } from 'zod';\nimport { b } from './b.ts';`,
      'packages/api-client/src/a.ts': `import { x } from '@facet/contracts';\nimport { io } from 'socket.io-client';`,
      'apps/console/src/lib/a.ts': `import React from 'react';\nimport { ApiClient } from '@facet/api-client';`,
    });
    expect(checkDependencyRules(root)).toEqual([]);
  });

  it('flags each broken arrow', () => {
    const root = tree({
      'packages/contracts/src/a.ts': `import fs from 'node:fs';`,
      'packages/api-client/src/a.ts': `import { useState } from 'react';`,
      'apps/console/src/lib/a.ts': `import { buildApp } from '@facet/server';`,
      'apps/agent/src/main.ts': `import x from '../../server/src/app.ts';`,
      'e2e/a.ts': `import { buildApp } from '@facet/server';`,
    });
    const problems = checkDependencyRules(root);
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toMatch(/contracts imports only zod/);
    expect(problems.join('\n')).toMatch(/api-client imports no React/);
  });

  it('keeps the agent rooms apart: launch may use cdp, proxy and machine, never the reverse, naming the file and line', () => {
    const root = tree({
      'apps/agent/src/browser/launch/launchBrowser.ts': `import { CdpConnection } from '../cdp/cdp.ts';\nimport { startProxyHop } from '../proxy/proxyHop.ts';\nimport { machineFacts } from '../machine/machineFacts.ts';\nimport { StartFailure } from '../../startFailure.ts';`,
      'apps/agent/src/browser/launch/launchPlan.ts': `import { RunningProfiles } from '../../core/runningProfiles.ts';`,
      'apps/agent/src/browser/cdp/cdp.ts': `import WebSocket from 'ws';`,
      'apps/agent/src/browser/cdp/cdpMux.ts': `import type { CdpTransport } from './cdp.ts';\nimport type { LaunchPlan } from '../launch/launchPlan.ts';`,
      'apps/agent/src/browser/cdp/cdpEndpoint.ts': `import { fromOwnUser } from '../../net/peerUid.ts';\n\nconst { startProxyHop } = await import('../proxy/proxyHop.ts');`,
      'apps/agent/src/browser/machine/kernels.ts': `import { discoverChromiumPaths } from './discoverChromium.ts';\nimport { argsFor } from '../launch/chromiumArgs.ts';`,
      'apps/agent/src/browser/proxy/proxyHop.ts': `import { fromOwnUser } from '../../net/peerUid.ts';\nexport { planLaunch } from '../launch/launchPlan.ts';`,
      'apps/agent/src/browser/cdp/cdpMux.test.ts': `import { launchBrowser } from '../launch/launchBrowser.ts';`,
      'apps/agent/src/core/profileLauncher.ts': `import { launchBrowser } from '../browser/launch/launchBrowser.ts';\nimport { StartFailure } from '../startFailure.ts';`,
      'apps/agent/src/config.ts': `import { normalizeServerUrl } from './core/serverLink.ts';`,
      'apps/agent/src/stray.ts': `export const x = 1;`,
    });
    const problems = checkDependencyRules(root).sort();
    // Each problem names the file, the line and the import; what follows in brackets is the rule.
    expect(problems.map((problem) => problem.replace(/ \(.*\)$/, ''))).toEqual([
      'apps/agent/src/browser/cdp/cdpEndpoint.ts:3: imports ../proxy/proxyHop.ts from browser/proxy/',
      'apps/agent/src/browser/cdp/cdpMux.ts:2: imports ../launch/launchPlan.ts from browser/launch/',
      'apps/agent/src/browser/launch/launchPlan.ts:1: imports ../../core/runningProfiles.ts from core/',
      'apps/agent/src/browser/machine/kernels.ts:2: imports ../launch/chromiumArgs.ts from browser/launch/',
      'apps/agent/src/browser/proxy/proxyHop.ts:2: imports ../launch/launchPlan.ts from browser/launch/',
      'apps/agent/src/config.ts:1: imports ./core/serverLink.ts from core/',
      'apps/agent/src/stray.ts: stands in no room of scripts/checks/rooms/',
    ]);
    const cdpRule = problems.find((problem) => problem.startsWith('apps/agent/src/browser/cdp/cdpEndpoint.ts'));
    expect(cdpRule).toMatch(/browser\/cdp may use .*\bnet\b/);
    expect(cdpRule).not.toMatch(/may use .*browser\/(launch|proxy|machine)/);
  });
});
