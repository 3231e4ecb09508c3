import { spawn } from 'node:child_process';
import path from 'node:path';
import { onPostgres, type TestServer } from '../harness.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The real operator CLI in its own process, against a running test server's data: its data
 * folder, or on the PostgreSQL run its schema (a DATABASE_URL set for CI is not the SQLite
 * run's). `env` adds settings the command reads (a coin wallet, say).
 */
export function operatorCli(server: TestServer, env: Record<string, string> = {}) {
  return (...args: string[]): Promise<CliResult> => {
    const { DATABASE_URL, ...rest } = process.env;
    const childEnv = { ...rest, FACET_DATA_DIR: server.dataDir, ...(onPostgres ? { DATABASE_URL: DATABASE_URL!, FACET_DATABASE_SCHEMA: server.schema! } : {}), ...env };
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/cli/main.ts'), ...args], { cwd: root, env: childEnv });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    });
  };
}
