import { CLIENT_BOOTSTRAP_GLOBAL, clientBootstrapSchema, type ClientBootstrap } from '@facet/contracts';
import { readString, storageKeys, writeString } from './storage.ts';

export type AppMode = 'client' | 'browser';

/** The bootstrap the agent injects into the page it serves; absent in the browser version. */
export function readClientBootstrap(): ClientBootstrap | null {
  const raw = (globalThis as Record<string, unknown>)[CLIENT_BOOTSTRAP_GLOBAL];
  const parsed = clientBootstrapSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Spec §9: client mode unless the stored session value is empty or "0". */
export function modeFromSessionValue(value: string | null): AppMode {
  return value === null || value === '' || value === '0' ? 'browser' : 'client';
}

export function detectMode(bootstrap: ClientBootstrap | null): AppMode {
  writeString(storageKeys.clientSession, bootstrap ? '1' : '0', 'session');
  return modeFromSessionValue(readString(storageKeys.clientSession, 'session'));
}

export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPod|Mobile|Windows Phone/i.test(userAgent) && !/iPad|Tablet/i.test(userAgent);
}
