import { execFileSync } from 'node:child_process';
import { repoRoot } from './serverProcess.ts';

/** An operator command (`npm run facet -- admin …`) against a bench server's data, as an operator runs it; its output. */
export function operatorCli(env: Record<string, string>, ...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'admin', ...args], { cwd: repoRoot, env: { ...process.env, ...env }, encoding: 'utf8' });
}
