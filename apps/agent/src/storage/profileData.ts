import path from 'node:path';
import type { CacheType } from '@facet/contracts';
import { browserProfileDirs, clearCaches, removeEntry } from './cacheCleaner.ts';

/**
 * What each kind of AdsPower's `delete-cache` names in a Chromium profile folder. The HTTP cache
 * (`image_file`) is what the cache cleaner removes; the rest is the profile's own data, removed
 * only when a script asks for that kind by name.
 */
const profileDataEntries: Record<Exclude<CacheType, 'image_file'>, readonly string[]> = {
  local_storage: ['Local Storage', 'Session Storage'],
  indexeddb: ['IndexedDB'],
  extension_cache: ['Local Extension Settings', 'Sync Extension Settings', 'Managed Extension Settings', 'Extension State', 'Extension Rules', 'Extension Scripts'],
  cookie: ['Cookies', 'Cookies-journal', 'Network/Cookies', 'Network/Cookies-journal'],
  history: ['History', 'History-journal', 'Visited Links', 'Top Sites', 'Top Sites-journal', 'Favicons', 'Favicons-journal', 'Shortcuts', 'Shortcuts-journal', 'Network Action Predictor', 'Network Action Predictor-journal'],
};

/**
 * Removes the named kinds of data from a closed profile's user-data-dir (the caller checks that
 * no browser holds it); the bytes freed. A profile never opened on this machine has none.
 */
export async function clearProfileData(userDataDir: string, types: readonly CacheType[]): Promise<number> {
  let freed = 0;
  let dirs: string[];
  try {
    dirs = await browserProfileDirs(userDataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  if (types.includes('image_file')) freed += await clearCaches(userDataDir);
  for (const type of types) {
    if (type === 'image_file') continue;
    for (const dir of dirs) for (const name of profileDataEntries[type]) freed += await removeEntry(path.join(dir, name));
  }
  return freed;
}
