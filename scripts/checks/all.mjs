import path from 'node:path';
import { ensureConsoleBuild, ensureNode, ensureNpmDependencies } from '../lib/ensure.mjs';
import { consoleDist, root } from '../lib/paths.mjs';
import { run } from '../lib/run.mjs';
import { checkConsoleBudget } from './consoleBudget.mjs';
import { checkDependencyRules } from './dependencyRules.mjs';
import { checkUsedLocaleKeys } from './usedLocaleKeys.mjs';

const typed = ['packages/contracts', 'packages/contracts/tsconfig.lib.json', 'packages/i18n', 'packages/api-client', 'packages/fingerprint', 'packages/page-scripts', 'packages/plugin-package', 'apps/server', 'apps/console', 'apps/agent', 'e2e', 'bench'];

/** Every static check, each reported as passed or failed (npm test counts them). */
export async function checkAll() {
  ensureNode();
  await ensureNpmDependencies();
  const results = [];
  const record = (name, ok) => {
    results.push({ name, ok });
    console.log(`${ok ? '✓' : '✗'} ${name}`);
  };
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  for (const workspace of typed) {
    record(`types: ${workspace}`, (await run(process.execPath, [tsc, '--noEmit', '-p', workspace], { cwd: root })) === 0);
  }
  const eslint = path.join(root, 'node_modules/eslint/bin/eslint.js');
  record('eslint', (await run(process.execPath, [eslint, '--max-warnings=0', '.'], { cwd: root })) === 0);
  const problems = checkDependencyRules(root);
  for (const problem of problems) console.error(`  ${problem}`);
  record('dependency rules', problems.length === 0);
  const missingTexts = checkUsedLocaleKeys(root);
  for (const problem of missingTexts) console.error(`  ${problem}`);
  record('locale keys the console uses', missingTexts.length === 0);
  // Weighs the built console: build it first when it is missing or older than its sources (the
  // lint suite runs before the unit and e2e suites, which would otherwise build it).
  await ensureConsoleBuild();
  const overBudget = checkConsoleBudget(consoleDist);
  for (const problem of overBudget) console.error(`  ${problem}`);
  record('console pages within their download budgets', overBudget.length === 0);
  return results;
}
