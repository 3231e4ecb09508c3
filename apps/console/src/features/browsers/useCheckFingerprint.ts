import { resolveLanguage } from '@facet/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { BridgeCallError } from '../../lib/bridge.ts';

/**
 * "Check fingerprint" through the desktop agent: it starts the profile if it is not running and
 * opens its own check page in it, written in the console's language. A failed start says why, as
 * Open does. Null in the browser version (no agent).
 */
export function useCheckFingerprint(): ((profileId: string) => Promise<void>) | null {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { message } = App.useApp();
  const bridge = runtime.bridge;
  if (!bridge) return null;
  return async (profileId) => {
    const hide = message.loading(t('profiles.checkFingerprintOpening'), 0);
    try {
      await runtime.shareSession();
      await bridge.request('checkFingerprint', { profileId, lang: resolveLanguage(i18n.language).tag });
      message.success(t('profiles.checkFingerprintOpened'));
    } catch (error) {
      message.error(error instanceof BridgeCallError && error.msg ? error.msg : t('startError.failed'));
    } finally {
      hide();
    }
  };
}
