import { MailOutlined, MessageOutlined } from '@ant-design/icons';
import { isChinese, limits } from '@facet/contracts';
import { Button, Flex, List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/Preferences.tsx';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { contactChannels } from './contactChannels.ts';

/** "Contact us" (spec §2 modals): the operator's channels for this language, and the support e-mail. */
export function ContactDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const { language } = usePreferences();
  const channels = contactChannels(config.support, isChinese(language));
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t('contact.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <div data-testid="contact-dialog">
        <Typography.Paragraph type="secondary">{t('contact.intro', { days: limits.freeTrialDays })}</Typography.Paragraph>
        {channels.length === 0 ? (
          <Typography.Text type="secondary" data-testid="contact-none">
            {t('contact.none')}
          </Typography.Text>
        ) : (
          <List
            bordered
            size="small"
            dataSource={channels}
            renderItem={(channel) => (
              <List.Item data-testid={`contact-${channel.kind}`}>
                <Flex align="center" justify="space-between" gap={12} style={{ width: '100%' }}>
                  <Typography.Text type="secondary">
                    {channel.kind === 'email' ? <MailOutlined /> : <MessageOutlined />} {t(`contact.kinds.${channel.kind}`)}
                  </Typography.Text>
                  {channel.kind === 'email' ? (
                    <Typography.Link href={`mailto:${channel.value}`} copyable={{ text: channel.value }}>
                      {channel.value}
                    </Typography.Link>
                  ) : (
                    <Typography.Text strong copyable>
                      {channel.value}
                    </Typography.Text>
                  )}
                </Flex>
              </List.Item>
            )}
          />
        )}
      </div>
    </Modal>
  );
}
