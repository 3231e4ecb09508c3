import { Button, Drawer, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The remote clipboard: text to send to it (the controller's only; then Ctrl+V pastes it there)
 * and the last text the remote display copied, with a Copy button.
 */
export function ClipboardDrawer({ open, phone, canSend, remoteText, onSend, onClose }: { open: boolean; phone: boolean; canSend: boolean; remoteText: string; onSend: (text: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <Drawer open={open} onClose={onClose} title={t('remote.clipboard')} placement={phone ? 'bottom' : 'right'} size={phone ? 420 : 360} data-testid="remote-clipboard">
      <Flex vertical gap={16}>
        <Flex vertical gap={8}>
          <Typography.Text strong>{t('remote.clipboardSend')}</Typography.Text>
          <Input.TextArea rows={4} value={text} onChange={(event) => setText(event.target.value)} placeholder={t('remote.clipboardPlaceholder')} disabled={!canSend} data-testid="remote-clipboard-input" />
          <Button
            type="primary"
            disabled={!canSend || text === ''}
            onClick={() => {
              onSend(text);
              setText('');
            }}
            data-testid="remote-clipboard-send"
          >
            {t('remote.clipboardSendButton')}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {canSend ? t('remote.clipboardHint') : t('remote.clipboardWatching')}
          </Typography.Text>
        </Flex>
        <Flex vertical gap={8}>
          <Typography.Text strong>{t('remote.clipboardRemote')}</Typography.Text>
          {remoteText ? (
            <Typography.Paragraph copyable={{ text: remoteText }} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 160, overflow: 'auto' }} data-testid="remote-clipboard-remote">
              {remoteText}
            </Typography.Paragraph>
          ) : (
            <Typography.Text type="secondary">{t('remote.clipboardEmpty')}</Typography.Text>
          )}
        </Flex>
      </Flex>
    </Drawer>
  );
}
