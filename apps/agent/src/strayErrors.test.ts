import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const guard = fileURLToPath(new URL('./strayErrors.ts', import.meta.url));

/** A process with the guard whose output pipes are closed by its reader, then an error escapes. */
function orphanedProcess(marker: string) {
  const code = `
    import fs from 'node:fs';
    import { keepRunningOnStrayErrors } from ${JSON.stringify(guard)};
    keepRunningOnStrayErrors('Test', 'the test');
    // Every error that reaches the last resort, as the test reads it afterwards.
    process.on('uncaughtException', (error) => fs.appendFileSync(${JSON.stringify(`${marker}.errors`)}, (error.code ?? error.message) + '\\n'));
    process.on('SIGTERM', () => { fs.writeFileSync(${JSON.stringify(`${marker}.term`)}, ''); process.exit(0); });
    setTimeout(() => {
      console.log('said to no one');
      setTimeout(() => { throw new Error('stray'); }, 100);
      setTimeout(() => Promise.reject(new Error('stray rejection')), 150);
      setTimeout(() => fs.writeFileSync(${JSON.stringify(marker)}, 'alive'), 600);
    }, 300);
    setInterval(() => console.log('still here'), 50);`;
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
}

it('keeps a process whose terminal has gone quiet after an error escapes: the error is the only one, its timers run and SIGTERM stops it', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-stray-'));
  const marker = path.join(dir, 'alive');
  const child = orphanedProcess(marker);
  // The reader goes, as a terminal closed or a parent that died: every write of the child fails (EPIPE).
  child.stdout!.destroy();
  child.stderr!.destroy();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (status) => resolve(status)));
  try {
    const deadline = Date.now() + 20_000;
    while (!fs.existsSync(marker) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.existsSync(marker)).toBe(true);
    // Before the guard, the failed log of the error was itself an uncaught error (EPIPE), and so
    // was the log of that one: tens of thousands a second, a core spent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fs.readFileSync(`${marker}.errors`, 'utf8').trim().split('\n')).toEqual(['stray']);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(fs.existsSync(`${marker}.term`)).toBe(true);
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 40_000);
