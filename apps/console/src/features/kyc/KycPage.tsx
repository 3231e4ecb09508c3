import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle.tsx';

/**
 * /wel/kyc: identity verification. The user agreement allows an identity check by face
 * recognition (spec §1), but this server has no verification provider configured, so the page
 * says so plainly and offers nothing to submit.
 */
export default function KycPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="screen-kyc">
      <PageTitle>{t('menu.kyc')}</PageTitle>
      <Card style={{ maxWidth: 720 }} data-testid="kyc-page">
        <Flex vertical gap={16}>
          <Alert type="info" showIcon icon={<SafetyCertificateOutlined />} title={t('kyc.statusTitle')} description={t('kyc.statusBody')} data-testid="kyc-status" />
          <div>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {t('kyc.purposeTitle')}
            </Typography.Title>
            <Typography.Paragraph style={{ marginBottom: 0 }}>{t('kyc.purposeBody')}</Typography.Paragraph>
          </div>
          <Typography.Text type="secondary">{t('kyc.nothingToDo')}</Typography.Text>
        </Flex>
      </Card>
    </div>
  );
}
