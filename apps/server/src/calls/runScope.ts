import { Code } from '@facet/contracts';
import { AppError } from '../errors.ts';
import type { RunScope } from '../services/remoteRunService.ts';

/** What a run token reaches (services/remoteRunService.ts): one profile, from one host; once its run ended, only its closing. */
export type RunTokenScope = Pick<RunScope, 'profileId' | 'deviceKey' | 'ending'>;

/**
 * The /v2/api/ calls a host makes for a profile it runs for someone (the same calls the desktop
 * agent makes with an API token): its launch, its use, its plugins, its lease and its state.
 */
const runCalls = new Set([
  'browser/launch',
  'browser/opened',
  'browser/cookies',
  'profile/plugins',
  'browser/lease/renew',
  'browser/lease/beat',
  'browser/lease/release',
  'browser/sync/missing',
  'browser/sync/commit',
  'browser/sync/refuse',
]);

/** What an ended run's token still does: the last save of what the browser held (its cookies, its state), and the lease given back. */
const closingCalls = new Set(['browser/cookies', 'browser/lease/beat', 'browser/lease/release', 'browser/sync/missing', 'browser/sync/commit', 'browser/sync/refuse']);

/**
 * A run token's call must be one of those (of an ended run, one of its closing calls), and name only its profile and its host's device key:
 * with it a host cannot list, read or change anything else of the person it runs the profile for.
 * Checked on the parsed payload, before the handler; anything else is "not found", as a profile
 * out of reach is.
 */
export function assertRunScope(path: string, payload: unknown, scope: RunTokenScope): void {
  if (!(scope.ending ? closingCalls : runCalls).has(path)) throw new AppError(Code.PERMISSION_DENIED, null, 403);
  const fields = (payload ?? {}) as { id?: unknown; profileId?: unknown; ids?: unknown; deviceKey?: unknown };
  const named = [fields.id, fields.profileId, ...(Array.isArray(fields.ids) ? fields.ids : [])].filter((v) => v !== undefined);
  if (named.length === 0 || named.some((id) => id !== scope.profileId)) throw new AppError(Code.NOT_FOUND, { ids: named.filter((id) => id !== scope.profileId) });
  if (fields.deviceKey !== undefined && fields.deviceKey !== scope.deviceKey) throw new AppError(Code.PERMISSION_DENIED, null, 403);
}
