import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { CdpTransport } from '../cdp/cdp.ts';
import { pipeTransport } from '../cdp/cdpPipe.ts';

export interface SpawnedChromium {
  process: ChildProcess;
  /** The browser-level DevTools WebSocket, ws://127.0.0.1:P/devtools/browser/… */
  endpoint: string;
  debugPort: number;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

export interface PipedChromium {
  process: ChildProcess;
  /** CDP over the pipe only the agent holds (cdpPipe.ts). */
  transport: CdpTransport;
  exited: Promise<void>;
  /** The end of what Chromium wrote to stderr, for a start failure's detail. */
  output(): string;
}

/**
 * Starts Chromium in its own process group (so a stop can take every child with it) with
 * `--remote-debugging-pipe`: DevTools on fds 3 and 4, no port. The caller's first command
 * through the transport tells whether it came up (a Chromium that exits closes the pipe).
 */
export function spawnChromiumWithPipe(executable: string, args: readonly string[], env: NodeJS.ProcessEnv): PipedChromium {
  const child = spawn(executable, [...args, '--remote-debugging-pipe'], { env, stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: true });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    output = (output + chunk).slice(-4000);
  });
  // A missing executable is reported here, and closes the pipe the caller waits on.
  child.once('error', (error) => (output += `\n${error.message}`));
  const transport = pipeTransport(child.stdio[3] as Writable, child.stdio[4] as Readable);
  return { process: child, transport, exited, output: () => output };
}

/**
 * Starts Chromium with a DevTools port and waits for the endpoint it prints (the bench's bare
 * baseline; profiles use the pipe). A Chromium that exits or says nothing in time is a start
 * error carrying the end of its output.
 */
export function spawnChromium(executable: string, args: readonly string[], env: NodeJS.ProcessEnv, timeoutMs = 30_000): Promise<SpawnedChromium> {
  const child = spawn(executable, args, { env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(`no DevTools endpoint after ${timeoutMs} ms`), timeoutMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      killGroup(child, 'SIGKILL');
      reject(new Error(`Chromium did not start: ${why}\n${output.slice(-2000)}`));
    };
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      if (output.length < 64_000) output += chunk;
      const match = /DevTools listening on (ws:\/\/[^\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        const endpoint = match[1]!;
        resolve({ process: child, endpoint, debugPort: Number(new URL(endpoint).port), exited });
      }
    });
    child.once('error', (error) => fail(error.message));
    child.once('exit', (code, signal) => fail(`exited with ${code ?? signal}`));
  });
}

/** Signals Chromium's whole process group (renderers, GPU, utility processes). */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
