import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Settings of this machine's client (spec §3 local client config), kept in the agent's folder. */
export const localSettingsSchema = z.object({
  /** Refuse to start profiles when less than this many GB are free. */
  diskMinLimitGb: z.number().int().min(1).default(1),
  automation: z
    .object({ open: z.boolean().default(false), bindip: z.string().default('127.0.0.1'), port: z.number().int().min(1).max(65535).default(50325), password: z.string().default('') })
    .default({ open: false, bindip: '127.0.0.1', port: 50325, password: '' }),
});
export type LocalSettings = z.infer<typeof localSettingsSchema>;

export function readLocalSettings(dataDir: string): LocalSettings {
  const file = path.join(dataDir, 'settings.json');
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
