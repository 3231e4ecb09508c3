import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useRunningBrowsers } from '../../features/browsers/index.ts';

/**
 * The desktop client's exit dialog (spec §2, §4): exit closes every browser (their cookies are
 * saved) and stops the client; "keep running in the background" only closes this window, and the
 * browsers and the local API go on. An app window has no tray to minimise to: the background is
 * the nearest thing, and the client's menu entry opens the window again.
 */
export function ExitDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { bridge } = useRuntime();
  const running = useRunningBrowsers();
  const [leaving, setLeaving] = useState<'exit' | 'background' | null>(null);
  const [gone, setGone] = useState(false);
  if (!bridge) return null;

  const exit = async () => {
    setLeaving('exit');
    await bridge.request('quitClient').catch(() => undefined);
    setGone(true);
  };
  const background = async () => {
    setLeaving('background');
    await bridge.request('closeWindow').catch(() => undefined);
    // In a browser tab (no app window of the agent's), the page closes itself where it may.
    window.close();
    onClose();
  };

  return (
    <Modal open title={t('shell.exit.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="exit-dialog">
        {gone ? (
          <Alert type="success" showIcon title={t('shell.exit.gone')} data-testid="exit-gone" />
        ) : (
          <>
            {running.size > 0 ? (
              <Alert type="warning" showIcon title={t('shell.exit.browsersClose', { count: running.size })} style={{ marginBottom: 12 }} data-testid="exit-running" />
            ) : null}
            <Typography.Paragraph type="secondary">{t('shell.exit.backgroundHint')}</Typography.Paragraph>
            <Flex justify="end" gap={8}>
              <Button onClick={onClose}>{t('common.cancel')}</Button>
              <Button loading={leaving === 'background'} onClick={() => void background()} data-testid="exit-background">
                {t('shell.exit.background')}
              </Button>
              <Button danger type="primary" loading={leaving === 'exit'} onClick={() => void exit()} data-testid="exit-quit">
                {t('shell.exit.quit')}
              </Button>
            </Flex>
          </>
        )}
      </div>
    </Modal>
  );
}
