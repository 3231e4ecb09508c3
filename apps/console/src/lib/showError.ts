import { ApiError, NETWORK_FAILURE } from '@facet/api-client';
import { Code, invalidInputDataSchema } from '@facet/contracts';
import { App, type FormInstance } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Shows a failed call: field problems go next to their fields (by message key), everything else
 * as a message with the server's text. Network failures are announced once elsewhere.
 */
export function useShowError() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    (error: unknown, form?: FormInstance) => {
      if (!(error instanceof ApiError)) {
        message.error(t('error.unknown'));
        return;
      }
      if (error.code === NETWORK_FAILURE || error.isSessionProblem) return;
      if (error.code === Code.INVALID_INPUT && form) {
        const parsed = invalidInputDataSchema.safeParse(error.data);
        if (parsed.success && parsed.data.issues.length) {
          const known = new Set(Object.keys(form.getFieldsValue(true) as object));
          const onFields = parsed.data.issues.filter((issue) => known.has(issue.path.split('.')[0]!));
          form.setFields(onFields.map((issue) => ({ name: issue.path.split('.'), errors: [t(issue.key)] })));
          if (onFields.length === parsed.data.issues.length) return;
        }
      }
      message.error(error.msg || t(error.messageKey));
    },
    [message, t],
  );
}
