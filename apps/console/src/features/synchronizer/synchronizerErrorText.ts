import { BridgeError, bridgeErrorMessageKey } from '@facet/contracts';
import type { TFunction } from 'i18next';
import { BridgeCallError } from '../../lib/bridge.ts';

/**
 * A refused synchronizer request in words, by its bridge error code: the agent's `msg` for these
 * is a stable code (`leader_not_running`), not a sentence (packages/contracts synchronizer.ts).
 */
export function synchronizerErrorText(error: unknown, t: TFunction): string {
  const code = error instanceof BridgeCallError ? error.error : BridgeError.FAILED;
  return t(bridgeErrorMessageKey[code] ?? 'error.operationFailed');
}
