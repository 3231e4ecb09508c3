import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

interface AppWindowOptions {
  chromium: string;
  userDataDir: string;
  /** Told when the window's Chromium gives up at once (no sandbox, no display), with its last words. */
  log?: (line: string) => void;
}

/** A window that ends this soon after it was opened did not open. */
const EARLY_EXIT_MS = 5000;

/** Flags for the console window: its own profile, and none of Chromium's background chatter. */
function appWindowFlags(userDataDir: string): string[] {
  return [
    `--user-data-dir=${userDataDir}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--class=Facet',
    // Chromium refuses to run as root without this; a desktop user is never root.
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ];
}

/**
 * The desktop client's window: `chromium --app=URL`, the console without browser chrome
 * (Electron cannot be installed here; an app window on the Chromium we already need serves).
 */
export class AppWindow {
  private child: ChildProcess | null = null;

  constructor(private readonly options: AppWindowOptions) {}

  open(url: string): void {
    fs.mkdirSync(this.options.userDataDir, { recursive: true, mode: 0o700 });
    const openedAt = Date.now();
    const child = spawn(this.options.chromium, [...appWindowFlags(this.options.userDataDir), '--window-size=1360,860', `--app=${url}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    this.child = child;
    // Chromium's complaints are kept only for a failed start: the last line is what to fix.
    let lastWords = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      const lines = chunk.toString('utf8').trim().split('\n');
      lastWords = lines[lines.length - 1] ?? lastWords;
    });
    child.on('exit', (code) => {
      this.child = null;
      if (code !== 0 && Date.now() - openedAt < EARLY_EXIT_MS) {
        this.options.log?.(`the app window did not open (Chromium exit ${code}): ${lastWords.slice(0, 500)} — open ${url} in a browser`);
      }
    });
  }

  /** A URL in a normal window of the same Chromium (download links, help pages). */
  openTab(url: string): void {
    spawn(this.options.chromium, [...appWindowFlags(this.options.userDataDir), url], { stdio: 'ignore', detached: true }).unref();
  }

  get isOpen(): boolean {
    return this.child !== null;
  }

  close(): Promise<void> {
    const child = this.child;
    if (!child?.pid) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
        resolve();
      }, 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        clearTimeout(timer);
        resolve();
      }
    });
  }
}
