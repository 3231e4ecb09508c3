import type { Store } from '../repositories/store.ts';
import type { MasterKey } from '../security/masterKey.ts';
import { SecretUnreadable } from '../security/secretUnreadable.ts';
import { resealPass, type ResealCounts } from './resealPass.ts';
import type { SecretBox, SecretLog } from './secretBox.ts';

/**
 * Converts values of the first format (`v1:`, the master key, no associated data) to v2 under
 * their owner's key, bound to their row, before the server serves or a CLI command runs. The
 * only reader of `v1:`. What a v1 value was copied into before this ran stays where it is now
 * bound, since v1 recorded nothing to tell; from here on a copy no longer opens.
 */
export async function resealLegacySecrets(store: Store, box: SecretBox, master: MasterKey, log: SecretLog): Promise<ResealCounts[]> {
  const open = (sealed: string, binding: Parameters<typeof box.seal>[0]) => {
    try {
      return master.openLegacyV1(sealed);
    } catch {
      // GCM refusing the tag is all it says: altered, or sealed with another key.
      throw new SecretUnreadable('not-authentic', binding);
    }
  };
  const counts = await resealPass(store, box, { prefix: 'v1:', needs: () => true, open: (row, binding) => open(row.sealed, binding) }, log);
  for (const c of counts) if (c.resealed > 0 || c.unreadable > 0) log.info({ column: c.column, resealed: c.resealed, unreadable: c.unreadable }, 'sealed values of the first format bound to their owner and row');
  return counts;
}
