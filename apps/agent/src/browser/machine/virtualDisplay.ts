import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

export interface VirtualDisplay {
  display: string;
  stop(): Promise<void>;
}

/**
 * A private X display (Xvfb) for headful Chromium on a machine without one: headful under Xvfb
 * is what sites see from a desktop, while headless is flagged by bot detectors. It takes the
 * first free display number from 90.
 */
export async function startVirtualDisplay(size = '1920x1080x24'): Promise<VirtualDisplay> {
  let n = 90;
  while (fs.existsSync(`/tmp/.X11-unix/X${n}`) || fs.existsSync(`/tmp/.X${n}-lock`)) n += 1;
  const child: ChildProcess = spawn('Xvfb', [`:${n}`, '-screen', '0', size, '-nolisten', 'tcp'], { stdio: 'ignore' });
  child.once('error', () => {});
  const deadline = Date.now() + 10_000;
  while (!fs.existsSync(`/tmp/.X11-unix/X${n}`)) {
    if (child.exitCode !== null || child.pid === undefined || Date.now() > deadline) {
      child.kill();
      throw new Error('Xvfb did not start (install it with: sudo apt-get install xvfb)');
    }
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
