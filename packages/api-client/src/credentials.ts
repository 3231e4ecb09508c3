import type { SessionGrant } from '@facet/contracts';

/** Where a client keeps its session token and refresh credential (never the password). */
export interface CredentialStore {
  load(): SessionGrant | null;
  save(grant: SessionGrant | null): void;
}

export function memoryCredentialStore(initial: SessionGrant | null = null): CredentialStore {
  let current = initial;
  return {
    load: () => current,
    save: (grant) => {
      current = grant;
    },
  };
}
