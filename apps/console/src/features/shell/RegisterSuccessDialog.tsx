import { limits } from '@facet/contracts';
import { Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { readString, storageKeys, writeString } from '../../lib/storage.ts';

/** Shown once after sign-up (spec §4): the flag is cleared as soon as it is read. */
export function RegisterSuccessDialog() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const [open, setOpen] = useState(() => {
    const flagged = readString(storageKeys.registerSuccess) === '1';
    if (flagged) writeString(storageKeys.registerSuccess, null);
    return flagged;
  });
  return (
    <Modal open={open} title={t('registerSuccess.title')} onOk={() => setOpen(false)} onCancel={() => setOpen(false)} cancelButtonProps={{ style: { display: 'none' } }} width={limits.dialogWidthPx}>
      <Typography.Paragraph>{t('registerSuccess.body', { days: limits.freeTrialDays })}</Typography.Paragraph>
      <Typography.Paragraph>{t('registerSuccess.contact', { email: config.support.email })}</Typography.Paragraph>
    </Modal>
  );
}
