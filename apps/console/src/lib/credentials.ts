import type { CredentialStore } from '@facet/api-client';
import type { SessionGrant } from '@facet/contracts';
import { readJson, storageKeys, writeJson } from './storage.ts';

/**
 * The session grant (never the password). "Keep me signed in" keeps it in localStorage;
 * otherwise in sessionStorage, so closing the browser signs out. In the browser version the
 * grant holds no token: the token and the refresh credential are HttpOnly cookies
 * (contracts/sessionCookie.ts), and what is kept here only says that, and until when, a session
 * is open.
 */
export function browserCredentialStore(): CredentialStore & { setKeep(keep: boolean): void; keeps(): boolean } {
  let keep: boolean | null = null;
  const where = (): 'local' | 'session' => {
    if (keep !== null) return keep ? 'local' : 'session';
    return readJson<SessionGrant>(storageKeys.credentials, 'local') ? 'local' : 'session';
  };
  return {
    load: () => readJson<SessionGrant>(storageKeys.credentials, where()),
    save: (grant) => {
      if (grant === null) {
        writeJson(storageKeys.credentials, null, 'local');
        writeJson(storageKeys.credentials, null, 'session');
        keep = null;
        return;
      }
      writeJson(storageKeys.credentials, grant, where());
    },
    setKeep: (value) => {
      keep = value;
    },
    keeps: () => where() === 'local',
  };
}
