import { MailOutlined } from '@ant-design/icons';
import { limits } from '@facet/contracts';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { MobilePage } from './MobilePage.tsx';
import { mobilePaths } from './mobilePaths.ts';

/**
 * /mobile/kf: how to reach customer service. The server's configuration names one channel, the
 * support e-mail; the chat and messenger contacts of the spec's contact dialog are not configured
 * anywhere yet, so the page says so instead of inventing any.
 */
export default function MobileServicePage() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const email = config.support.email;
  return (
    <MobilePage title={t('mobile.kf')} back={mobilePaths.my} testId="mobile-kf">
      <Card size="small">
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>{t('mobile.kfIntro')}</Typography.Paragraph>
          {email ? (
            <Button type="primary" block icon={<MailOutlined />} href={`mailto:${email}`} data-testid="mobile-kf-email">
              {email}
            </Button>
          ) : (
            <Typography.Text type="secondary" data-testid="mobile-kf-no-email">
              {t('payment.customNoEmail')}
            </Typography.Text>
          )}
          <Typography.Text type="secondary">{t('mobile.kfTrial', { days: limits.freeTrialDays })}</Typography.Text>
          <Typography.Text type="secondary" data-testid="mobile-kf-channels">
            {t('mobile.kfNoChannels')}
          </Typography.Text>
        </Flex>
      </Card>
    </MobilePage>
  );
}
