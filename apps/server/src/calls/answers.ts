import { Code, messageKeyForCode, type Envelope, type Language } from '@facet/contracts';
import { translate } from '@facet/i18n';
import { formatBytes } from '@facet/i18n/formatBytes';
import type { ZodError } from 'zod';
import { AppError } from '../errors.ts';

/** Builds the envelope for a code in the caller's language, filling its placeholders from data. */
export function answer<T>(code: number, language: Language, data: T | null = null): Envelope<T> {
  return { code, msg: translate(language.tag, messageKeyForCode(code), { ...messageParams(data), ...byteParams(data, language.tag) }), data };
}

/** `{{seconds}}`, `{{line}}`, `{{accounts}}`, `{{device}}`, `{{by}}` and `{{count}}` of the messages, from the refusal's data. */
function messageParams(data: unknown): Record<string, string | number> {
  if (!data || typeof data !== 'object') return {};
  const d = data as { retryAfterSeconds?: unknown; line?: unknown; accounts?: unknown; device?: unknown; by?: unknown; count?: unknown };
  const params: Record<string, string | number> = {};
  if (typeof d.device === 'string') params.device = d.device;
  if (typeof d.by === 'string') params.by = d.by;
  if (typeof d.count === 'number') params.count = d.count;
  if (typeof d.retryAfterSeconds === 'number') params.seconds = d.retryAfterSeconds;
  if (typeof d.line === 'number') params.line = d.line;
  if (Array.isArray(d.accounts)) params.accounts = d.accounts.join(', ');
  return params;
}

/** `{{used}}`, `{{limit}}` and `{{needed}}` of STORAGE_FULL, as sizes a person reads ("18.4 MB"). */
function byteParams(data: unknown, tag: string): Record<string, string> {
  if (!data || typeof data !== 'object') return {};
  const d = data as { usedBytes?: unknown; limitBytes?: unknown; neededBytes?: unknown };
  const params: Record<string, string> = {};
  if (typeof d.usedBytes === 'number') params.used = formatBytes(d.usedBytes, tag);
  if (typeof d.limitBytes === 'number') params.limit = formatBytes(d.limitBytes, tag);
  if (typeof d.neededBytes === 'number') params.needed = formatBytes(d.neededBytes, tag);
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
