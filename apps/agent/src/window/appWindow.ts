import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

export interface AppWindowOptions {
  chromium: string;
  userDataDir: string;
}

/** Flags for the console window: its own profile, and none of Chromium's background chatter. */
export function appWindowFlags(userDataDir: string): string[] {
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
    this.child = spawn(this.options.chromium, [...appWindowFlags(this.options.userDataDir), '--window-size=1360,860', `--app=${url}`], {
      stdio: 'ignore',
      detached: true,
    });
    this.child.on('exit', () => (this.child = null));
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
