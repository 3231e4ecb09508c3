import { BellOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferred } from '../../lib/deferred.tsx';

// Opened on demand: a page shows without its code, which comes when it is first opened (lib/deferred.tsx).
const NoticesDialog = deferred(() => import('./NoticesDialog.tsx').then((m) => m.NoticesDialog));

/** The toolbar's notices bell (spec §2 modals: the notice list). */
export function NoticesButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('notices.open')}>
        <Button type="text" aria-label={t('notices.open')} icon={<BellOutlined />} onClick={() => setOpen(true)} data-testid="notices-open" />
      </Tooltip>
      {open ? <NoticesDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
