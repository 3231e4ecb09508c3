import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Settings of this machine's client (spec §3 local client config), kept in the agent's folder. */
export const localSettingsSchema = z.object({
  /** Where profiles' user-data-dirs live; '' is the agent's own `profiles` folder. */
  profileDir: z.string().default(''),
  /** Refuse to start profiles when less than this many GB are free. */
  diskMinLimitGb: z.number().int().min(1).default(1),
  automation: z
    .object({
      open: z.boolean().default(false),
      bindip: z.string().default('127.0.0.1'),
      port: z.number().int().min(1).max(65535).default(50325),
      /** A salted scrypt hash (storage/apiPassword.ts), never the password; '' when none is set. */
      passwordHash: z.string().default(''),
      /** Let this user's own programs in without the key (api/localApi/guard.ts); off unless the user turns it on. */
      keyless: z.boolean().default(false),
    })
    /* on by default, as users of such clients expect their scripts to just work */
    .default({ open: true, bindip: '127.0.0.1', port: 50325, passwordHash: '', keyless: false }),
});
export type LocalSettings = z.infer<typeof localSettingsSchema>;

export const SETTINGS_FILE = 'settings.json';

export function readLocalSettings(dataDir: string): LocalSettings {
  const file = path.join(dataDir, SETTINGS_FILE);
  try {
    return localSettingsSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      // A damaged file must not stop the client; keep it aside and start from defaults.
      fs.renameSync(file, `${file}.damaged-${Date.now()}`);
    }
    return localSettingsSchema.parse({});
  }
}

/**
 * Writes the settings so that a crash or a full disk leaves the old file or the new one, never
 * half of one: a temporary file beside it, flushed to disk, then renamed over it (rename is
 * atomic on one filesystem), then the folder flushed so the rename itself survives a power cut.
 */
export function writeLocalSettings(dataDir: string, settings: LocalSettings): void {
  const checked = localSettingsSchema.parse(settings);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, SETTINGS_FILE);
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  const fd = fs.openSync(temporary, 'w', 0o600);
  try {
    fs.writeFileSync(fd, JSON.stringify(checked, null, 2) + '\n');
    fs.fsyncSync(fd);
  } catch (error) {
    fs.closeSync(fd);
    fs.rmSync(temporary, { force: true });
    throw error;
  }
  fs.closeSync(fd);
  try {
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
  flushDirectory(dataDir);
}

function flushDirectory(dir: string): void {
  let fd: number | null = null;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch (error) {
    // Some filesystems refuse fsync on a folder (EINVAL, EISDIR): the rename is done all the same.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'EISDIR' && code !== 'EPERM') throw error;
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}
