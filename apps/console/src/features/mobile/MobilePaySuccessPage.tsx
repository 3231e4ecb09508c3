import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MobileCurrentPlan } from './MobileCurrentPlan.tsx';
import { mobilePaths } from './mobilePaths.ts';

/**
 * /mobile/package/success: where a paid order leads on a phone (spec §2, §4). The plan status was
 * refetched when the order settled, so the card shows the plan now in force.
 */
export default function MobilePaySuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex vertical gap={12} data-testid="mobile-success">
      <Result
        status="success"
        title={t('code.paymentSucceeded')}
        subTitle={t('payment.successBody')}
        style={{ padding: '24px 0 8px' }}
        extra={
          <Button type="primary" block onClick={() => void navigate(mobilePaths.package, { replace: true })} data-testid="mobile-success-back">
            {t('mobile.backToPlans')}
          </Button>
        }
      />
      <MobileCurrentPlan />
    </Flex>
  );
}
