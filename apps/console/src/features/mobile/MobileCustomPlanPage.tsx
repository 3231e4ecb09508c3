import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { CustomPlanContact } from '../plans/index.ts';
import { MobilePage } from './MobilePage.tsx';
import { mobilePaths } from './mobilePaths.ts';

/** /mobile/package/buy: more than any plan offers is arranged with the operator's support e-mail. */
export default function MobileCustomPlanPage() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  return (
    <MobilePage title={t('payment.custom')} back={mobilePaths.package} testId="mobile-custom">
      <CustomPlanContact email={config.support.email} />
    </MobilePage>
  );
}
