import { Code, messageKeyForCode, type Envelope, type Language } from '@facet/contracts';
import { translate } from '@facet/i18n';
import type { ZodError } from 'zod';
import { AppError } from '../errors.ts';

/** Builds the envelope for a code in the caller's language, filling its placeholders from data. */
export function answer<T>(code: number, language: Language, data: T | null = null): Envelope<T> {
  return { code, msg: translate(language.tag, messageKeyForCode(code), messageParams(data)), data };
}

/** `{{seconds}}`, `{{line}}` and `{{accounts}}` of the messages, from the refusal's data. */
function messageParams(data: unknown): Record<string, string | number> {
  if (!data || typeof data !== 'object') return {};
  const d = data as { retryAfterSeconds?: unknown; line?: unknown; accounts?: unknown };
  const params: Record<string, string | number> = {};
  if (typeof d.retryAfterSeconds === 'number') params.seconds = d.retryAfterSeconds;
  if (typeof d.line === 'number') params.line = d.line;
  if (Array.isArray(d.accounts)) params.accounts = d.accounts.join(', ');
  return params;
}

/** Zod issues as `{path, key}` pairs; our rules already speak in message keys. */
export function invalidInput(error: ZodError): AppError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    key: issue.message.startsWith('validation.')
      ? issue.message
      : issue.code === 'invalid_type' && issue.message.includes('received undefined')
        ? 'validation.required'
        : 'validation.invalid',
  }));
  return new AppError(Code.INVALID_INPUT, { issues });
}
