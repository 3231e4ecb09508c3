import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot, type Stack } from './processes.ts';

/** Runs an operator command (`npm run facet -- admin …`) against a stack's data, as an operator would. */
export function operator(stack: Stack, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/cli/main.ts'), 'admin', ...args], {
      cwd: repoRoot,
      env: { ...process.env, FACET_DATA_DIR: stack.dataDir, DATABASE_URL: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
