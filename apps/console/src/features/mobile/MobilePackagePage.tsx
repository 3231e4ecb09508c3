import { RightOutlined } from '@ant-design/icons';
import { Alert, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePreferences } from '../../lib/Preferences.tsx';
import { useMember } from '../auth/index.ts';
import { countLabel } from '../plans/index.ts';
import { MobileCurrentPlan } from './MobileCurrentPlan.tsx';
import { MobilePage } from './MobilePage.tsx';
import { mobilePaths } from './mobilePaths.ts';
import { usePlanOffer } from './mobilePlanQueries.ts';
import { QueryStatus } from '../../ui/QueryStatus.tsx';

/**
 * /mobile/package: the plan in force and, for a main account, the plans on offer as cards that
 * open their detail. A sub-account lands here after login (spec §2) and only reads: it cannot pay
 * or renew (spec §6), so it is told to ask its main account.
 */
export default function MobilePackagePage() {
  const { t } = useTranslation();
  const member = useMember();
  const isSub = member.data?.type === 'sub';
  return (
    <MobilePage title={t('mobile.package')} back={mobilePaths.my} testId="mobile-package">
      <MobileCurrentPlan />
      {isSub ? <Alert type="info" showIcon title={t('plan.subNotice')} data-testid="mobile-sub-notice" /> : member.data ? <OfferedPlans /> : null}
    </MobilePage>
  );
}

function OfferedPlans() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const navigate = useNavigate();
  const offer = usePlanOffer(null, true);
  if (!offer.data) return <QueryStatus error={offer.error} onRetry={() => void offer.refetch()} />;
  const { navigation } = offer.data;
  const plans = navigation.filter((tab) => tab.type === 'plan');
  return (
    <Flex vertical gap={12}>
      <Typography.Text strong>{t('mobile.offeredPlans')}</Typography.Text>
      {plans.length === 0 ? <Alert type="info" showIcon title={t('payment.noPlans')} data-testid="mobile-no-plans" /> : null}
      {plans.map(({ id, tag, plan }) =>
        plan ? (
          <Card key={id} size="small" hoverable onClick={() => void navigate(mobilePaths.detail(id))} data-testid={`mobile-plan-card-${id}`}>
            <Flex align="center" gap={8}>
              <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
                <span>
                  <Typography.Text strong>{plan.name}</Typography.Text>
                  {tag ? (
                    <Tag color="green" style={{ marginInlineStart: 8 }}>
                      {t(tag)}
                    </Tag>
                  ) : null}
                </span>
                <Typography.Text type="secondary">{t('payment.planLine', { profiles: countLabel(plan.profiles, t), subAccounts: countLabel(plan.subAccounts, t) })}</Typography.Text>
                <Typography.Text strong>{t('mobile.perMonth', { price: monthlyPrice(plan.monthlyPrice, plan.currency, language.tag) })}</Typography.Text>
              </Flex>
              <RightOutlined />
            </Flex>
          </Card>
        ) : null,
      )}
      <Card size="small" hoverable onClick={() => void navigate(mobilePaths.custom)} data-testid="mobile-plan-card-custom">
        <Flex align="center" gap={8}>
          <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text strong>{t('payment.customTitle')}</Typography.Text>
            <Typography.Text type="secondary">{t('payment.customIntro')}</Typography.Text>
          </Flex>
          <RightOutlined />
        </Flex>
      </Card>
    </Flex>
  );
}

/**
 * A plan's monthly price in its own currency: the answer's `symbol` belongs to the one plan its
 * order is for, and plans may be priced in different currencies.
 */
function monthlyPrice(cents: number, currency: string, languageTag: string): string {
  try {
    return new Intl.NumberFormat(languageTag, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`; // a code Intl does not know: shown as the operator typed it
  }
}
