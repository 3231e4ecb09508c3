import { ApiError } from '@facet/api-client';
import { Code, localApiMessages, serverRefusalMessage, type LocalFailure, type StartFailureReason } from '@facet/contracts';
import type { z } from 'zod';
import { StartFailure } from '../../startFailure.ts';

/** A refusal of the local API itself: `msg` a stable code, with an HTTP status for transport faults. */
export class LocalApiFailure extends Error {
  constructor(
    readonly errorCode: string,
    readonly status = 200,
    readonly data?: Record<string, unknown>,
  ) {
    super(errorCode);
  }
}

/** Parameters that did not parse: our own refinements carry a code (`profile_id_required`), the rest is `invalid_parameter`. */
export function invalidInput(error: z.ZodError): LocalApiFailure {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.message in localApiMessages ? issue.message : issue.code }));
  // A code of our own says it all (`profile_id_required`); zod's need the place they were found.
  const named = issues.find((issue) => issue.code in localApiMessages);
  return named ? new LocalApiFailure(named.code) : new LocalApiFailure('invalid_parameter', 200, { issues });
}

/**
 * Every failure in AdsPower's shape, classified once here: our refusals, a start that failed
 * (its reason), the server's refusal (its code's name), or — logged for the user to report,
 * never shown — anything else.
 */
export function failureAnswer(error: unknown, where: string): { status: number; answer: LocalFailure } {
  if (error instanceof LocalApiFailure) return { status: error.status, answer: { code: -1, msg: error.errorCode, ...(error.data ? { data: error.data } : {}) } };
  if (error instanceof StartFailure) {
    return { status: 200, answer: { code: -1, msg: localApiMessage(error.reason), data: { reason: error.reason, detail: error.detail, ...(error.pluginId ? { pluginId: error.pluginId } : {}), ...(error.elsewhere ? { elsewhere: error.elsewhere } : {}) } } };
  }
  if (error instanceof ApiError) return { status: 200, answer: { code: -1, msg: serverMessage(error), data: { ...(isRecord(error.data) ? error.data : {}), code: error.code } } };
  console.error(`Facet agent: local API ${where} failed:`, error instanceof Error ? (error.stack ?? error.message) : error);
  return { status: 500, answer: { code: -1, msg: 'internal_error' } };
}

/** The proxy's own failures, which the local API groups as AdsPower scripts expect. */
const proxyReasons: ReadonlySet<StartFailureReason> = new Set(['refused', 'authFailed', 'unreachableTarget', 'timeout', 'upstreamError', 'badAnswer']);

/** The local API's `msg` for a failed start: a stable code scripts branch on; `data.reason` has the detail. */
function localApiMessage(reason: StartFailureReason): string {
  if (proxyReasons.has(reason)) return 'proxyFailed';
  if (reason === 'noAccount') return 'no_account';
  if (reason === 'notFound') return 'profile_not_found';
  return reason;
}

function serverMessage(error: ApiError): string {
  if (error.code === Code.NOT_FOUND) return isRecord(error.data) && 'groupId' in error.data ? 'group_not_found' : 'profile_not_found';
  if (error.code === Code.INVALID_INPUT) return 'invalid_parameter';
  return serverRefusalMessage(error.code);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
