import fs from 'node:fs/promises';
import path from 'node:path';
import { syncParts, type SyncPart } from '@facet/contracts';
import { z } from 'zod';

/** Beside Chromium's folders in the user-data-dir; Chromium never uses the name. */
export const SYNC_FOLDER = '.facet-sync';

const fileRecordSchema = z.object({ part: z.enum(syncParts), size: z.number().int().nonnegative(), mtimeMs: z.number().int().nonnegative(), chunks: z.array(z.string()) });

/**
 * What this machine knows of the profile's folder as a stored version: which version it matches
 * (downloaded or saved), and each synced file's size, time and chunks then. A file that still has
 * that size and time is not read again at the next save, and a folder whose files all match is
 * the version (nothing to download, nothing unsaved).
 */
const localSyncStateSchema = z.object({
  format: z.literal(1),
  versionId: z.string().nullable(),
  versionNumber: z.number().int().nullable(),
  parts: z.array(z.enum(syncParts)),
  files: z.record(z.string(), fileRecordSchema),
  tabs: z.array(z.string()),
});
export type LocalSyncState = z.infer<typeof localSyncStateSchema>;
export type FileRecord = z.infer<typeof fileRecordSchema>;

const emptySyncState: LocalSyncState = { format: 1, versionId: null, versionNumber: null, parts: [], files: {}, tabs: [] };

function stateFile(userDataDir: string): string {
  return path.join(userDataDir, SYNC_FOLDER, 'state.json');
}

/** The state, or the empty one for a folder never synced (or a state file this version cannot read). */
export async function readSyncState(userDataDir: string): Promise<LocalSyncState> {
  try {
    const parsed = localSyncStateSchema.safeParse(JSON.parse(await fs.readFile(stateFile(userDataDir), 'utf8')));
    return parsed.success ? parsed.data : emptySyncState;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return emptySyncState;
    throw error;
  }
}

/** Written to a temporary name and renamed: a crash leaves the old state or the new, whole. */
export async function writeSyncState(userDataDir: string, state: LocalSyncState): Promise<void> {
  const file = stateFile(userDataDir);
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, JSON.stringify(state), { mode: 0o600 });
  await fs.rename(temporary, file);
}

/** Files of `parts` in the state, by path. */
export function recordsOf(state: LocalSyncState, parts: readonly SyncPart[]): Map<string, FileRecord> {
  const wanted = new Set(parts);
  return new Map(Object.entries(state.files).filter(([, record]) => wanted.has(record.part)));
}
