import { KeyOutlined } from '@ant-design/icons';
import type { Member } from '@facet/contracts';
import { Button, Dropdown, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferred } from '../../lib/deferred.tsx';

// Opened on demand: a page shows without its code, which comes when it is first opened (lib/deferred.tsx).
const ApiTokenResetDialog = deferred(() => import('./ApiTokenResetDialog.tsx').then((m) => m.ApiTokenResetDialog));
const ApiTokenViewDialog = deferred(() => import('./ApiTokenViewDialog.tsx').then((m) => m.ApiTokenViewDialog));

type Open = 'view' | 'reset' | null;

/** The toolbar's API token menu (spec §2): view or reset. Main accounts only (spec §6). */
export function ApiTokenMenu({ member }: { member: Member }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  if (member.type !== 'main') return null;
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'view', label: <span data-testid="api-token-view">{t('apiToken.view')}</span> },
            { key: 'reset', danger: true, label: <span data-testid="api-token-reset">{t('apiToken.reset')}</span> },
          ],
          onClick: ({ key }) => setOpen(key === 'reset' ? 'reset' : 'view'),
        }}
      >
        <Tooltip title={t('apiToken.menu')}>
          <Button type="text" aria-label={t('apiToken.menu')} icon={<KeyOutlined />} data-testid="api-token-menu" />
        </Tooltip>
      </Dropdown>
      {open === 'view' ? <ApiTokenViewDialog onClose={() => setOpen(null)} /> : null}
      {open === 'reset' ? <ApiTokenResetDialog onClose={() => setOpen(null)} /> : null}
    </>
  );
}
