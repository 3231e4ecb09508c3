import { storageCipher, type StorageCipher } from './storageCipher.ts';

/**
 * Every value the console keeps in the browser, under one prefix (spec §3 "local storage"), so
 * "clear history" can remove them all and nothing else. In the desktop client every value is
 * sealed with the agent's key (sealStorageWith) before it reaches the disk.
 */
const PREFIX = 'facet.';

let cipher: StorageCipher | null = null;

/** The desktop client: from here on values are sealed; plain ones left from before are sealed when read. */
export function sealStorageWith(keyBase64Url: string): void {
  cipher = storageCipher(keyBase64Url);
}

export const storageKeys = {
  credentials: 'credentials',
  language: 'language',
  theme: 'theme',
  menuCollapsed: 'menuCollapsed',
  registerSuccess: 'registerSuccess',
  /** sessionStorage: non-empty and not "0" means the desktop client (spec §9). */
  clientSession: 'client',
  tabs: (accountId: string) => `tabs.${accountId}`,
  /** The browser list's columns as the person set them (features/profiles/columnSettings.ts). */
  profileColumns: (accountId: string) => `profileColumns.${accountId}`,
  bindAlert: (accountId: string) => `bindAlert.${accountId}`,
  /** '1' once this account's graphics report was taken (webgl/set_data answered 0). */
  graphicsCheck: (accountId: string) => `graphicsCheck.${accountId}`,
  downloadBannerClosed: 'downloadBannerClosed',
  /** When the last payment success was announced (ms): a second notice within 4 s is skipped (spec §4). */
  payTime: 'payTime',
  /** sessionStorage: the plan-end reminder of the global settings was shown to this account in this session. */
  planReminderShown: (accountId: string) => `planReminderShown.${accountId}`,
  /** The desktop-client version whose update the person chose to skip (`updataver`, spec §4). */
  updateSkipped: 'updateSkipped',
} as const;

function area(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null; // storage disabled by the browser: behave as if empty
  }
}

export function readString(key: string, kind: 'local' | 'session' = 'local'): string | null {
  const stored = area(kind)?.getItem(PREFIX + key) ?? null;
  if (stored === null || !cipher) return stored;
  if (cipher.isSealed(stored)) return cipher.open(PREFIX + key, stored);
  // Kept before the client sealed its storage: sealed now, read as it was.
  writeString(key, stored, kind);
  return stored;
}

export function writeString(key: string, value: string | null, kind: 'local' | 'session' = 'local'): void {
  const store = area(kind);
  if (!store) return;
  if (value === null) store.removeItem(PREFIX + key);
  else store.setItem(PREFIX + key, cipher ? cipher.seal(PREFIX + key, value) : value);
}

export function readJson<T>(key: string, kind: 'local' | 'session' = 'local'): T | null {
  const text = readString(key, kind);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, kind: 'local' | 'session' = 'local'): void {
  writeString(key, value === null ? null : JSON.stringify(value), kind);
}

/** Removes everything the console stored, in both areas. */
export function clearAll(): void {
  for (const kind of ['local', 'session'] as const) {
    const store = area(kind);
    if (!store) continue;
    for (const key of Object.keys(store)) if (key.startsWith(PREFIX)) store.removeItem(key);
  }
}
