import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** A private X display for headful Chromium, on the first free number from 90. */
export async function startXvfb(): Promise<{ display: string; stop(): Promise<void> }> {
  let n = 90;
  while (fs.existsSync(`/tmp/.X11-unix/X${n}`) || fs.existsSync(`/tmp/.X${n}-lock`)) n += 1;
  const child: ChildProcess = spawn('Xvfb', [`:${n}`, '-screen', '0', '1400x900x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  const deadline = Date.now() + 30_000;
  while (!fs.existsSync(`/tmp/.X11-unix/X${n}`)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('Xvfb did not start (install it with: sudo apt-get install xvfb)');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    display: `:${n}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Command lines of running processes that contain `needle` (read from /proc). */
export function processesWith(needle: string): string[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      } catch {
        return '';
      }
    })
    .filter((cmd) => cmd.includes(needle));
}
