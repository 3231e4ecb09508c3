import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { preloadKeymap } from './displayKeymap.ts';

/** Where TigerVNC's Xvnc is (Debian: tigervnc-standalone-server). */
const XVNC = process.env.FACET_XVNC_PATH || 'Xvnc';
/** Display numbers of run displays start here, above the agent's own Xvfb (from 90) and people's (0…). */
const FIRST_DISPLAY = 100;

export interface VncDisplay {
  /** `:N`, for DISPLAY. */
  display: string;
  /** What a program drawing on it needs in its environment: DISPLAY and the display's own XAUTHORITY. */
  env: { DISPLAY: string; XAUTHORITY: string };
  /** The VNC server's Unix socket (RFB), owner-only: the one way in from outside. */
  socketPath: string;
  width: number;
  height: number;
  /** Resolves when Xvnc has gone, however it went. */
  exited: Promise<void>;
  stop(): Promise<void>;
}

/** Numbers this process is starting now: two starts at once do not pick the same free one. */
const claimed = new Set<number>();

function displayTaken(n: number): boolean {
  return claimed.has(n) || fs.existsSync(`/tmp/.X11-unix/X${n}`) || fs.existsSync(`/tmp/.X${n}-lock`);
}

/**
 * An X display that is also a VNC server (TigerVNC's Xvnc), of exactly `width`×`height` at depth
 * 24: a host runs one per remote run, the browser draws on it, and viewers' keys and pointer
 * reach the browser as real X input. It listens on no TCP port (X or VNC): VNC only at
 * `<runDir>/vnc.sock` (0600), X only on its local socket behind a cookie written into `runDir`,
 * so another user of the machine can neither watch nor type. The size is fixed: a viewer's
 * window never resizes the desktop (`-AcceptSetDesktopSize=0`), so the page measures the
 * profile's screen, never the viewer's.
 */
export async function startVncDisplay(options: { width: number; height: number; runDir: string }): Promise<VncDisplay> {
  const { width, height, runDir } = options;
  fs.mkdirSync(runDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(runDir, 0o700);
  const socketPath = path.join(runDir, 'vnc.sock');
  const authFile = path.join(runDir, 'Xauthority');
  let failure = '';
  // A number found free can be taken by another process before Xvnc locks it: then the next one.
  for (let n = FIRST_DISPLAY, attempts = 0; attempts < 20; n += 1) {
    if (displayTaken(n)) continue;
    attempts += 1;
    claimed.add(n);
    try {
      const started = await tryDisplay(n, { width, height, socketPath, authFile });
      if ('display' in started) {
        // Before any browser reads the keymap: the letters viewers type, each on a key of its own.
        await preloadKeymap(started.env, runDir).catch(async (error: unknown) => {
          await started.stop();
          throw error;
        });
        return started;
      }
      failure = started.failure;
    } finally {
      claimed.delete(n);
    }
  }
  throw new Error(`Xvnc did not start (install it with: sudo apt-get install tigervnc-standalone-server): ${failure}`);
}

async function tryDisplay(n: number, at: { width: number; height: number; socketPath: string; authFile: string }): Promise<VncDisplay | { failure: string }> {
  const display = `:${n}`;
  writeXauthority(at.authFile, n, randomBytes(16));
  fs.rmSync(at.socketPath, { force: true });
  const args = [
    display,
    '-geometry',
    `${at.width}x${at.height}`,
    '-depth',
    '24',
    '-auth',
    at.authFile,
    '-SecurityTypes',
    'None',
    '-rfbport',
    '-1',
    '-rfbunixpath',
    at.socketPath,
    '-rfbunixmode',
    '0600',
    '-AlwaysShared',
    '-AcceptSetDesktopSize=0',
    '-nolisten',
    'tcp',
  ];
  const child: ChildProcess = spawn(XVNC, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    // Only its last words matter (why it would not start).
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      stderr += String(error);
      resolve();
    });
  });
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 10_000;
  // Ready once both its X socket and its VNC socket exist.
  while (!(fs.existsSync(`/tmp/.X11-unix/X${n}`) && fs.existsSync(at.socketPath))) {
    if (gone || Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      return { failure: stderr.trim().split('\n').slice(-3).join(' | ') || 'no display within 10 s' };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const stop = async () => {
    if (!gone) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
    fs.rmSync(at.socketPath, { force: true });
    fs.rmSync(at.authFile, { force: true });
  };
  return { display, env: { DISPLAY: display, XAUTHORITY: at.authFile }, socketPath: at.socketPath, width: at.width, height: at.height, exited, stop };
}

/**
 * An Xauthority file with one MIT-MAGIC-COOKIE-1 for display `n` on this host (the format xauth
 * writes: family, address, display number, name, data, each length-prefixed, big-endian), so
 * only a process given the file may connect to the display.
 */
function writeXauthority(file: string, n: number, cookie: Buffer): void {
  const field = (value: Buffer) => {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(value.length);
    return Buffer.concat([length, value]);
  };
  const family = Buffer.alloc(2);
  family.writeUInt16BE(256); // FamilyLocal: connections over the Unix socket
  const entry = Buffer.concat([family, field(Buffer.from(os.hostname())), field(Buffer.from(String(n))), field(Buffer.from('MIT-MAGIC-COOKIE-1')), field(cookie)]);
  fs.writeFileSync(file, entry, { mode: 0o600 });
}
