import { MailOutlined, MessageOutlined } from '@ant-design/icons';
import { isChinese, limits } from '@facet/contracts';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/Preferences.tsx';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { contactChannels } from '../contact/index.ts';
import { MobilePage } from './MobilePage.tsx';
import { mobilePaths } from './mobilePaths.ts';

/**
 * /mobile/kf: how to reach customer service, with the same channels as the contact dialog (the
 * operator's messengers for this language, then the support e-mail) laid out for a phone.
 */
export default function MobileServicePage() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const { language } = usePreferences();
  const channels = contactChannels(config.support, isChinese(language));
  return (
    <MobilePage title={t('mobile.kf')} back={mobilePaths.my} testId="mobile-kf">
      <Card size="small">
        <Flex vertical gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>{t('mobile.kfIntro')}</Typography.Paragraph>
          {channels.length === 0 ? (
            <Typography.Text type="secondary" data-testid="mobile-kf-none">
              {t('contact.none')}
            </Typography.Text>
          ) : (
            channels.map((channel) =>
              channel.kind === 'email' ? (
                <Button key="email" type="primary" block icon={<MailOutlined />} href={`mailto:${channel.value}`} data-testid="mobile-kf-email">
                  {channel.value}
                </Button>
              ) : (
                <Flex key={`${channel.kind}-${channel.value}`} justify="space-between" align="center" gap={12} data-testid={`mobile-kf-${channel.kind}`}>
                  <Typography.Text type="secondary">
                    <MessageOutlined /> {t(`contact.kinds.${channel.kind}`)}
                  </Typography.Text>
                  <Typography.Text strong copyable>
                    {channel.value}
                  </Typography.Text>
                </Flex>
              ),
            )
          )}
          <Typography.Text type="secondary">{t('mobile.kfTrial', { days: limits.freeTrialDays })}</Typography.Text>
        </Flex>
      </Card>
    </MobilePage>
  );
}
