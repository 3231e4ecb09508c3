import { isChinese, type Member } from '@facet/contracts';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePreferences } from '../../lib/Preferences.tsx';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { welRoutes } from '../../lib/routes.ts';
import { readString, storageKeys, writeString } from '../../lib/storage.ts';
import { BindReminderBanner } from '../../features/binding/index.ts';

/**
 * Expired-plan banner (main: renew; sub: ask the main account) — an error while the team is
 * beyond the free allowance (profile functions refused), a warning while it goes on as a free
 * team — the client download banner and the bind reminder.
 */
export function Banners({ member }: { member: Member }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mode, mobile, config } = useRuntime();
  const { language } = usePreferences();
  const [downloadClosed, setDownloadClosed] = useState(() => readString(storageKeys.downloadBannerClosed, 'session') === '1');
  const isSub = member.type === 'sub';
  return (
    <>
      {member.subscription.expired ? (
        <Alert
          type={member.subscription.restricted ? 'error' : 'warning'}
          banner
          title={t(`banner.${member.subscription.restricted ? 'expired' : 'expiredFree'}${isSub ? 'Sub' : 'Main'}`)}
          action={isSub ? null : <Button size="small" danger={member.subscription.restricted} onClick={() => void navigate(welRoutes.package)}>{t('banner.renew')}</Button>}
          data-testid="banner-expired"
          data-restricted={member.subscription.restricted ? '1' : '0'}
        />
      ) : null}
      {mode === 'browser' && !mobile && !downloadClosed ? (
        <Alert
          type="info"
          banner
          closable={{ onClose: () => { writeString(storageKeys.downloadBannerClosed, '1', 'session'); setDownloadClosed(true); } }}
          title={t('banner.download')}
          action={
            <Button size="small" type="primary" href={isChinese(language) ? config.download.zh : config.download.other} target="_blank" rel="noreferrer">
              {t('banner.downloadButton')}
            </Button>
          }
          data-testid="banner-download"
        />
      ) : null}
      <BindReminderBanner member={member} />
    </>
  );
}
