import { ApiError } from '@facet/api-client';
import type { TFunction } from 'i18next';

/** A failed call in words: the server's text in the console's language, or its code's message, or "unknown". */
export function errorText(error: unknown, t: TFunction): string {
  return error instanceof ApiError ? error.msg || t(error.messageKey) : t('error.unknown');
}
