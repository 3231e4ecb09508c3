import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MachineFonts } from './fontConfig.ts';

/**
 * fontconfig's generic names, resolved on this machine, and the sans-serif it falls back to for
 * scripts the usual lists do not cover: a profile whose list names no CJK, Arabic, Hebrew, Thai
 * or Devanagari font would otherwise show every such page as empty boxes. Real machines carry
 * fonts for these scripts too; where this one has none, fontconfig answers a font already kept.
 */
const FONTCONFIG_GENERICS = ['serif', 'sans-serif', 'monospace', 'emoji', ...['zh-cn', 'zh-tw', 'ja', 'ko', 'ar', 'he', 'th', 'hi'].map((lang) => `sans-serif:lang=${lang}`)];

const QUERY_TIMEOUT_MS = 10_000;
/**
 * Asking fontconfig costs 120–300 ms on a busy machine (a dozen processes), in front of every
 * start that needs it. The answer is kept while the font folders stay as they were; after this
 * long a start still takes the kept answer and fontconfig is asked again behind it, for the next
 * start (fonts installed where no folder below is watched show one start late).
 */
const ASK_AGAIN_AFTER_MS = 60_000;
/**
 * How long after the start that found the answer old fontconfig is asked: not while that
 * Chromium starts on the same cores (a dozen short processes), which a start a minute after the
 * last one otherwise always paid for.
 */
const ASK_AGAIN_DELAY_MS = 5_000;
/** What fontconfig's answers depend on besides the installed fonts. */
const FONTCONFIG_ENV = ['PATH', 'FONTCONFIG_FILE', 'FONTCONFIG_PATH', 'FONTCONFIG_SYSROOT', 'HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'FC_LANG', 'LC_ALL', 'LC_CTYPE', 'LANG'];
/** A machine with more font folders than this is stamped by the first ones only (and asked again each minute). */
const MAX_FOLDERS = 5_000;

interface Kept {
  fonts: Promise<MachineFonts>;
  /** When fontconfig was asked for it. */
  at: number;
  /** The font folders as they were then (fontFolders). */
  folders: string;
  refreshing: boolean;
}
const kept = new Map<string, Kept>();

/**
 * fc-list, then fc-match for each generic, in one shell, each answer after an ASCII record
 * separator (no font's name holds one). One spawn, not thirteen: Node forks its whole process
 * for a spawn and its event loop waits meanwhile (5–25 ms each here, more as the agent grows),
 * and thirteen of them held a start's Chromium back by 90–200 ms.
 */
const FONTCONFIG_SCRIPT = 'fc-list --format "$1" || exit 1; shift; for generic in "$@"; do printf "\\036"; fc-match --format "%{family[0]}" "$generic" || exit 1; done';
const SEPARATOR = '\x1e';

/** Asks fontconfig (fc-list, fc-match) with the environment the browser gets. */
export function readMachineFonts(env: NodeJS.ProcessEnv): Promise<MachineFonts> {
  // fc-list's format: one line per family name of each font (a font may carry several).
  const args = ['-c', FONTCONFIG_SCRIPT, 'sh', '%{[]family{%{family}\n}}', ...FONTCONFIG_GENERICS];
  return new Promise((resolve, reject) => {
    execFile('/bin/sh', args, { env, timeout: QUERY_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      const [list, ...generics] = stdout.split(SEPARATOR);
      if (error || generics.length !== FONTCONFIG_GENERICS.length) return reject(new Error(`fontconfig failed: ${error?.message ?? 'an answer is missing'}`));
      resolve({
        installed: [...new Set(list!.split('\n').filter((line) => line.trim() !== ''))],
        generics: generics.map((family) => family.trim()).filter((family) => family !== ''),
      });
    });
  });
}

/**
 * The folders fonts are installed into and fontconfig's configuration, each with its last
 * change: adding or removing a font, or a folder of fonts, changes its folder's (fontconfig's own
 * cache is checked the same way). A few hundred stat calls, well under a millisecond.
 */
export function fontFolders(env: NodeJS.ProcessEnv): string {
  const home = env.HOME ?? os.homedir();
  const roots = [
    '/usr/share/fonts',
    '/usr/local/share/fonts',
    path.join(home, '.fonts'),
    path.join(env.XDG_DATA_HOME ?? path.join(home, '.local/share'), 'fonts'),
    '/etc/fonts',
    ...(env.FONTCONFIG_PATH ? [env.FONTCONFIG_PATH] : []),
    ...(env.FONTCONFIG_FILE ? [env.FONTCONFIG_FILE] : []),
  ];
  const stamps: string[] = [];
  const pending = [...roots];
  while (pending.length > 0 && stamps.length < MAX_FOLDERS) {
    const entry = pending.shift()!;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(entry);
    } catch {
      stamps.push(`${entry}:-`);
      continue;
    }
    stamps.push(`${entry}:${stat.mtimeMs}`);
    if (!stat.isDirectory()) continue;
    try {
      for (const child of fs.readdirSync(entry, { withFileTypes: true })) if (child.isDirectory()) pending.push(path.join(entry, child.name));
    } catch {
      // Unreadable: its own stamp above still changes when it does.
    }
  }
  return stamps.join('\n');
}

/**
 * readMachineFonts, kept per fontconfig environment while the font folders are unchanged (a
 * failure is not kept). Asked again a few seconds after a start once the answer is a minute old.
 */
export function machineFonts(env: NodeJS.ProcessEnv, now = Date.now(), askAgainDelayMs = ASK_AGAIN_DELAY_MS): Promise<MachineFonts> {
  const key = JSON.stringify(FONTCONFIG_ENV.map((name) => env[name] ?? null));
  const folders = fontFolders(env);
  const known = kept.get(key);
  if (known && known.folders === folders) {
    if (now - known.at >= ASK_AGAIN_AFTER_MS && !known.refreshing) {
      known.refreshing = true;
      setTimeout(() => askAgain(key, known, env, now), askAgainDelayMs).unref();
    }
    return known.fonts;
  }
  const fonts = readMachineFonts(env);
  const entry: Kept = { fonts, at: now, folders, refreshing: false };
  kept.set(key, entry);
  fonts.catch(() => {
    if (kept.get(key) === entry) kept.delete(key);
  });
  return fonts;
}

/** The kept answer stays until the new one is in; if fontconfig fails, until the next minute. */
function askAgain(key: string, known: Kept, env: NodeJS.ProcessEnv, now: number): void {
  const fonts = readMachineFonts(env);
  void fonts.then(
    () => {
      if (kept.get(key) === known) kept.set(key, { fonts, at: now, folders: known.folders, refreshing: false });
    },
    () => {
      known.refreshing = false;
      known.at = now;
    },
  );
}
