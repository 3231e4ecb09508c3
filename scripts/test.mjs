import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkAll } from './checks/all.mjs';
import { ensureConsoleBuild, ensureNode, ensureNpmDependencies, ensureSystemPackages } from './lib/ensure.mjs';
import { root } from './lib/paths.mjs';
import { run } from './lib/run.mjs';

/**
 * `npm test`: static checks, unit tests, the server suite on SQLite and (with DATABASE_URL) on
 * PostgreSQL, and the e2e journeys in Chromium; then one summary line of passed and failed.
 * `--only NAME` runs one suite (lint, unit, server-sqlite, server-postgres, e2e).
 *
 * REDIS_URL goes to the PostgreSQL suite only: there the servers share their state through Redis
 * and the several-instances tests run, while every other suite keeps the path without Redis.
 */
ensureNode();
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
await ensureNpmDependencies();
if (!only || only === 'e2e' || only === 'unit') {
  // Xvnc too: the host mode's display tests run a real one; and the X tools they read it with.
  await ensureSystemPackages({ required: true, vnc: true, testTools: true });
  await ensureConsoleBuild();
}

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-test-report-'));
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const rows = [];
const redisUrl = process.env.REDIS_URL || null;
delete process.env.REDIS_URL;

async function vitestSuite(name, project, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const report = path.join(reportDir, `${name}.json`);
  const code = await run(process.execPath, [vitest, 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests;
    skipped = json.numPendingTests + (json.numTodoTests ?? 0);
    // A file that failed to load has no tests to count: count the file.
    failed += json.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
  } catch {
    failed = 1;
  }
  if (code !== 0 && failed === 0) failed = 1;
  rows.push({ name, passed, failed, skipped });
}

const wants = (name) => !only || only === name;

if (wants('lint')) {
  console.log('\n━━ lint ━━');
  const results = await checkAll();
  rows.push({ name: 'lint', passed: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length, skipped: 0 });
}
if (wants('unit')) await vitestSuite('unit', 'unit');
if (wants('server-sqlite')) await vitestSuite('server-sqlite', 'server', { FACET_TEST_DB: 'sqlite' });
if (wants('server-postgres')) {
  if (process.env.DATABASE_URL) {
    if (!redisUrl) console.log('\n(REDIS_URL is not set: the Redis and several-instances tests of server-postgres skip; .ci/run sets it)');
    await vitestSuite('server-postgres', 'server', { FACET_TEST_DB: 'postgres', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
  } else console.log('\n━━ server-postgres ━━\nskipped: DATABASE_URL is not set (.ci/run sets it)');
}
if (wants('e2e')) await vitestSuite('e2e', 'e2e');

fs.rmSync(reportDir, { recursive: true, force: true });
const total = rows.reduce((sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }), { passed: 0, failed: 0, skipped: 0 });
console.log('\n━━ summary ━━');
for (const r of rows) console.log(`${r.failed ? '✗' : '✓'} ${r.name.padEnd(16)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed === 0 && rows.length > 0 ? 0 : 1);
