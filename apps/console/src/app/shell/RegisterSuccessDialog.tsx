import { limits } from '@facet/contracts';
import { Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { readString, storageKeys, writeString } from '../../lib/storage.ts';

/**
 * Shown once after sign-up (spec §4). The flag is read while rendering but cleared only once the
 * dialog is on screen: React may render the shell several times and throw those renders away
 * before one is shown (the shell loads lazily, and each page chunk it waits for restarts it), so
 * clearing it while rendering lost the dialog.
 */
export function RegisterSuccessDialog() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const [open, setOpen] = useState(() => readString(storageKeys.registerSuccess) === '1');
  useEffect(() => {
    if (open) writeString(storageKeys.registerSuccess, null);
  }, [open]);
  return (
    <Modal open={open} title={t('registerSuccess.title')} onOk={() => setOpen(false)} onCancel={() => setOpen(false)} cancelButtonProps={{ style: { display: 'none' } }} width={limits.dialogWidthPx}>
      <Typography.Paragraph>{t('registerSuccess.body', { days: limits.freeTrialDays })}</Typography.Paragraph>
      <Typography.Paragraph>{t('registerSuccess.contact', { email: config.support.email })}</Typography.Paragraph>
    </Modal>
  );
}
