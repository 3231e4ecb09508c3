import { isChinese } from '@facet/contracts';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/Preferences.tsx';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { readString, storageKeys, writeString } from '../../lib/storage.ts';
import { parseUpdateOffer, shouldOffer, type UpdateOffer } from './updateOffer.ts';

/**
 * The update notes (spec §2 modals, §4 `updataver`): the desktop client says a new version is
 * out; the person updates now or skips this version (a forced update cannot be skipped).
 * Updating means installing the new client, which closes it and every browser it opened, so
 * "update now" opens the download and says so; the agent has no self-update to call.
 */
export function UpdateNotes() {
  const { events } = useRuntime();
  const [offer, setOffer] = useState<UpdateOffer | null>(null);

  useEffect(
    () =>
      events.on('bridgePush', (push) => {
        if (push.push !== 'updataver') return;
        const parsed = parseUpdateOffer(push.parameter);
        if (parsed && shouldOffer(parsed, readString(storageKeys.updateSkipped))) setOffer(parsed);
      }),
    [events],
  );

  return offer ? <UpdateNotesDialog offer={offer} onClose={() => setOffer(null)} /> : null;
}

function UpdateNotesDialog({ offer, onClose }: { offer: UpdateOffer; onClose: () => void }) {
  const { t } = useTranslation();
  const { bridge, config, bootstrap } = useRuntime();
  const { language } = usePreferences();
  const url = offer.url ?? (isChinese(language) ? config.download.zh : config.download.other);

  const updateNow = async () => {
    try {
      if (!bridge) throw new Error('no desktop client');
      await bridge.request('openUrl', { url });
    } catch {
      window.open(url, '_blank', 'noopener');
    }
    onClose();
  };

  const skip = () => {
    writeString(storageKeys.updateSkipped, offer.version);
    onClose();
  };

  return (
    <Modal
      open
      width={500}
      title={t('updateNotes.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8} wrap>
          {offer.force ? null : (
            <Button onClick={skip} data-testid="update-notes-skip">
              {t('updateNotes.skip')}
            </Button>
          )}
          <Button onClick={onClose} data-testid="update-notes-later">
            {t('updateNotes.later')}
          </Button>
          <Button type="primary" onClick={() => void updateNow()} data-testid="update-notes-apply">
            {t('updateNotes.apply')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12} data-testid="update-notes-dialog">
        <Typography.Text strong>{t('updateNotes.available', { version: offer.version })}</Typography.Text>
        {bootstrap ? <Typography.Text type="secondary">{t('updateNotes.current', { version: bootstrap.agentVersion })}</Typography.Text> : null}
        {offer.info ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="update-notes-info">
            {offer.info}
          </Typography.Paragraph>
        ) : null}
        {offer.force ? <Alert type="warning" showIcon title={t('updateNotes.forced')} /> : null}
        <Alert type="warning" showIcon title={t('updateNotes.browsersClose')} data-testid="update-notes-warning" />
        <Typography.Text type="secondary">{t('updateNotes.howTo')}</Typography.Text>
      </Flex>
    </Modal>
  );
}
