import { ApiError, NETWORK_FAILURE } from '@facet/api-client';
import { Code, invalidInputDataSchema, type FieldIssue } from '@facet/contracts';
import type { TFunction } from 'i18next';
import { errorText } from './errorText.ts';

/**
 * What a failed call tells the person, decided once for every place that shows one: antd forms
 * (showError), the plain sign-in form, and a form that first looks for its own fields. They differ
 * only in where they put it.
 */
type Refusal = { silent: true } | { silent: false; text: string; issues: FieldIssue[] };

/** The field problems of an "input abnormal" answer; none for any other failure. */
export function inputIssuesOf(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || error.code !== Code.INVALID_INPUT) return [];
  return invalidInputDataSchema.safeParse(error.data).data?.issues ?? [];
}

/** A lost network or an ended session is announced once elsewhere (SessionEvents), so it is silent here. */
export function refusalOf(error: unknown, t: TFunction): Refusal {
  if (error instanceof ApiError && (error.code === NETWORK_FAILURE || error.isSessionProblem)) return { silent: true };
  return { silent: false, text: errorText(error, t), issues: inputIssuesOf(error) };
}
