import { MessageOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferred } from '../../lib/deferred.tsx';

// Opened on demand: a page shows without its code, which comes when it is first opened (lib/deferred.tsx).
const FeedbackDialog = deferred(() => import('./FeedbackDialog.tsx').then((m) => m.FeedbackDialog));

/** The toolbar's feedback button (spec §2 toolbar). Each opening starts from an empty form. */
export function FeedbackButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('feedback.open')}>
        <Button type="text" aria-label={t('feedback.open')} icon={<MessageOutlined />} onClick={() => setOpen(true)} data-testid="feedback-open" />
      </Tooltip>
      {open ? <FeedbackDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
