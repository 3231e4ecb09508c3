import fs from 'node:fs';
import path from 'node:path';
import { importLines } from './importLines.mjs';
import { sourceFiles } from './sourceFiles.mjs';
import { checkRooms } from './roomRules.mjs';
import { appRooms } from './rooms/index.mjs';

export { importLines };

/**
 * The arrows of docs/architecture.md: apps never import apps; contracts imports only zod;
 * fingerprint only contracts; page-scripts nothing of ours; api-client no React; packages no apps.
 * Test files may use test tools, so they are not checked.
 */
const rules = [
  { scope: 'packages/contracts/src', allow: (spec) => spec === 'zod' || spec.startsWith('zod/'), what: 'contracts imports only zod' },
  { scope: 'packages/fingerprint/src', allow: (spec) => spec === '@facet/contracts' || spec === 'fingerprint-generator', what: 'fingerprint imports only contracts and its data library' },
  { scope: 'packages/page-scripts/src', allow: () => false, what: 'page-scripts imports nothing' },
  {
    scope: 'packages/api-client/src',
    allow: (spec) => !/^(react|react-dom|@tanstack\/react-query|antd|react-router)(\/|$)/.test(spec) && !/^@facet\/(server|console|agent)/.test(spec),
    what: 'api-client imports no React and no app',
  },
  { scope: 'packages/i18n/src', allow: () => false, what: 'i18n imports nothing' },
  { scope: 'packages/plugin-package/src', allow: (spec) => spec.startsWith('node:'), what: 'plugin-package imports only Node' },
];
const apps = ['server', 'console', 'agent'];

export function importsOf(text) {
  return importLines(text).map((found) => found.spec);
}

/** `rooms`: the rules inside each app (scripts/checks/rooms/); a test passes its own. */
export function checkDependencyRules(root, { rooms = appRooms } = {}) {
  const problems = [];
  for (const rule of rules) {
    for (const file of sourceFiles(path.join(root, rule.scope))) {
      for (const spec of importsOf(fs.readFileSync(file, 'utf8'))) {
        if (spec.startsWith('.')) {
          const target = path.resolve(path.dirname(file), spec);
          if (!target.startsWith(path.join(root, rule.scope.split('/src')[0]))) problems.push(`${path.relative(root, file)}: relative import ${spec} leaves its package (${rule.what})`);
          continue;
        }
        if (!rule.allow(spec)) problems.push(`${path.relative(root, file)}: imports ${spec} (${rule.what})`);
      }
    }
  }
  for (const group of ['packages', 'apps', 'e2e']) {
    const dirs = group === 'e2e' ? ['e2e'] : fs.readdirSync(path.join(root, group)).map((n) => `${group}/${n}`);
    for (const dir of dirs) {
      const own = dir.startsWith('apps/') ? dir.slice(5) : null;
      for (const file of sourceFiles(path.join(root, dir))) {
        for (const spec of importsOf(fs.readFileSync(file, 'utf8'))) {
          const app = /^@facet\/(server|console|agent)(\/|$)/.exec(spec)?.[1];
          if (app && app !== own) problems.push(`${path.relative(root, file)}: imports app @facet/${app} (apps never import apps; packages and e2e never import apps)`);
          if (spec.startsWith('.')) {
            const target = path.relative(root, path.resolve(path.dirname(file), spec));
            const targetApp = apps.find((a) => target.startsWith(`apps/${a}/`));
            if (targetApp && targetApp !== own) problems.push(`${path.relative(root, file)}: reaches into apps/${targetApp} by path`);
          }
        }
      }
    }
  }
  problems.push(...checkRooms(root, rooms));
  return problems;
}
