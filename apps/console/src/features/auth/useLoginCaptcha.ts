import { captchaCall } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

/**
 * The sign-in form's captcha: none until `round` is 1, then a new one for every try (each is good
 * once) and whenever the person asks for another.
 */
export function useLoginCaptcha(round: number) {
  const { api } = useRuntime();
  const [captcha, setCaptcha] = useState<{ id: string; image: string } | null>(null);
  const { mutate, isPending } = useMutation({ mutationFn: () => api.call(captchaCall, {}) });
  const refresh = useCallback(() => mutate(undefined, { onSuccess: (answer) => setCaptcha({ id: answer.captchaId, image: answer.image }) }), [mutate]);
  useEffect(() => {
    if (round > 0) refresh();
  }, [round, refresh]);
  return { captcha, loading: isPending, refresh };
}
