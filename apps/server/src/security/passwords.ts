import argon2 from 'argon2';

/** argon2id with OWASP's minimum recommendation (19 MiB, t=2, p=1). */
const options = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash must read as "wrong password", never as a pass.
    return false;
  }
}

/**
 * A fixed hash to verify against when the account does not exist, so a login for an unknown
 * account costs the same time as one with a wrong password (no account enumeration by timing).
 */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= argon2.hash('facet-decoy-password', options);
  return decoy;
}
