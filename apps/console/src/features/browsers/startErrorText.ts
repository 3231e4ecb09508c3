import type { StartFailureReason } from '@facet/contracts';
import type { TFunction } from 'i18next';

/** Where the profile is open, as a `starterror` push of reason `openElsewhere` names it. */
export interface OpenElsewhere {
  device: string;
  by: string;
}

/**
 * Why a start failed, in words (`startError.<reason>`). "Open on another computer" names that
 * computer and who opened it when the agent's push said so, and stays a whole sentence when not.
 */
export function startErrorText(t: TFunction, reason: StartFailureReason, elsewhere?: OpenElsewhere | null): string {
  if (reason === 'openElsewhere') return elsewhere ? t('startError.openElsewhere', { device: elsewhere.device, by: elsewhere.by }) : t('startError.openElsewhereUnknown');
  return t(`startError.${reason}`);
}
