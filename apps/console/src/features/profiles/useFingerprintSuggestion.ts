import { fingerprintGenerateCall, type OperatingSystem } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { mergeSuggestedFingerprint, type ProfileFormValues } from './profileFormModel.ts';

/**
 * "Generate new fingerprint": asks the server for a realistic fingerprint of the form's OS and
 * kernel and fills user agent, resolution, kernel and fingerprint (Advanced-tab choices kept).
 */
export function useFingerprintSuggestion(form: FormInstance<ProfileFormValues>) {
  const { api } = useRuntime();
  const showError = useShowError();
  return useMutation({
    mutationFn: () => {
      const os = (form.getFieldValue('os') as OperatingSystem | undefined) ?? 'windows';
      const kernelVersion = (form.getFieldValue('kernelVersion') as string | undefined) || undefined;
      return api.call(fingerprintGenerateCall, { os, ...(kernelVersion ? { kernelVersion } : {}) });
    },
    onSuccess: ({ suggestion }) => {
      const current = form.getFieldValue('fingerprint') as ProfileFormValues['fingerprint'];
      form.setFieldsValue({
        userAgent: suggestion.userAgent,
        resolution: suggestion.resolution,
        kernelVersion: suggestion.kernelVersion,
        fingerprint: mergeSuggestedFingerprint(current, suggestion.fingerprint),
      });
      // Fields filled by the suggestion are valid now; drop stale "required" marks.
      form.setFields((['userAgent', 'resolution', 'kernelVersion'] as const).map((name) => ({ name, errors: [] })));
    },
    onError: (error) => showError(error),
  });
}
