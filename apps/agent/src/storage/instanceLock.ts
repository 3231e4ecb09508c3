import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'agent.lock';

/** The agent already running on this data folder, and where its console is. */
interface RunningInstance {
  pid: number;
  url: string | null;
}

interface InstanceLock {
  /** Written once the console listens, so a second start can open a window on it. */
  setUrl(url: string): void;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's (not ours to share a folder with either).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): RunningInstance | null {
  try {
    const held = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: unknown; url?: unknown };
    if (typeof held.pid !== 'number' || !Number.isInteger(held.pid)) return null;
    return { pid: held.pid, url: typeof held.url === 'string' ? held.url : null };
  } catch {
    return null;
  }
}

/**
 * One agent per data folder: two would launch the same profile folders and fight over the
 * local API port. A second start (the menu entry clicked again) learns the first one's URL
 * instead. A lock left by an agent that died is taken over.
 */
export function claimInstance(dataDir: string): InstanceLock | { running: RunningInstance } {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  const write = (url: string | null, flag: 'wx' | 'w') => fs.writeFileSync(file, JSON.stringify({ pid: process.pid, url }), { flag, mode: 0o600 });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      write(null, 'wx');
      return {
        setUrl: (url) => write(url, 'w'),
        release: () => {
          if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = readLock(file);
    if (held && held.pid !== process.pid && isAlive(held.pid)) return { running: held };
    // Stale (the agent was killed) or unreadable: remove it and try once more.
    fs.rmSync(file, { force: true });
  }
  throw new Error(`could not take ${file}: another agent is starting on the same folder`);
}
