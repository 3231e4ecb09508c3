import { ApiError } from '@facet/api-client';
import type { FormInstance } from 'antd';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { placeIssuesOnFields } from './issuesOnFields.ts';
import { refusalOf } from './refusal.ts';

export interface ShowErrorOptions {
  /** The call wraps the form's values under this key (`settings`, `template`). */
  prefix?: string;
  /** Refusals that belong beside one field (e.g. a taken name): code → field name. */
  fields?: Partial<Record<number, string>>;
}

/**
 * Shows a failed call: field problems go next to their fields, refusals named in
 * `options.fields` next to theirs, everything else as a message with the server's text.
 * Network failures are announced once elsewhere.
 */
export function useShowError() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    (error: unknown, form?: FormInstance, options: ShowErrorOptions = {}) => {
      const refusal = refusalOf(error, t);
      if (refusal.silent) return;
      const field = error instanceof ApiError ? options.fields?.[error.code] : undefined;
      if (form && field) {
        form.setFields([{ name: field, errors: [refusal.text] }]);
        return;
      }
      if (form && placeIssuesOnFields(error, form, t, options.prefix ?? '').all) return;
      message.error(refusal.text);
    },
    [message, t],
  );
}
