import type { BrowserBatch } from '@facet/contracts';
import { limits } from '@facet/contracts';
import { Alert, Button, List, Modal, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { startErrorText } from './startErrorText.ts';
import type { BrowserBatchControl } from './useBrowserBatch.ts';

/** Counts of a batch's results by outcome. */
function counted(batch: BrowserBatch) {
  const of = (outcome: string) => batch.results.filter((r) => r.outcome === outcome).length;
  return { done: of('done'), failed: of('failed'), cancelled: of('cancelled') };
}

/**
 * A batch open or close as it runs ("Opening 7 of 20", a bar of those ended) and, at its end,
 * how many opened and each failure with its reason in words. The rest can be cancelled while
 * it runs; the ones already under way finish.
 */
export function BrowserBatchDialog({ control, nameOf }: { control: BrowserBatchControl; nameOf: (profileId: string) => string }) {
  const { t } = useTranslation();
  const { batch } = control;
  if (!batch || control.hidden) return null;
  const start = batch.action === 'start';
  const { done, failed, cancelled } = counted(batch);
  const ended = batch.results.length;
  // The one being worked on: after those opened or failed, counting those under way.
  const current = Math.min(batch.total, done + failed + Math.max(1, batch.active.length));
  const failures = batch.results.filter((r) => r.outcome === 'failed');
  const percent = Math.floor((ended / batch.total) * 100);
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t(start ? 'browserBatch.startTitle' : 'browserBatch.stopTitle')}
      onCancel={control.dismiss}
      maskClosable={false}
      footer={
        batch.finished ? (
          <Button type="primary" onClick={control.dismiss} data-testid="batch-dialog-close">
            {t('common.close')}
          </Button>
        ) : (
          <Space>
            <Button danger disabled={batch.cancelled} onClick={() => void control.cancel()} data-testid="batch-cancel">
              {t('browserBatch.cancel')}
            </Button>
            <Button onClick={control.dismiss} data-testid="batch-hide">
              {t('browserBatch.hide')}
            </Button>
          </Space>
        )
      }
    >
      <div data-testid="batch-dialog" data-action={batch.action} data-finished={batch.finished ? '1' : '0'}>
        <Typography.Paragraph data-testid="batch-progress-text" style={{ marginBottom: 4 }}>
          {batch.finished
            ? t(start ? 'browserBatch.startDone' : 'browserBatch.stopDone', { count: done, total: batch.total })
            : t(start ? 'browserBatch.startProgress' : 'browserBatch.stopProgress', { current, total: batch.total })}
        </Typography.Paragraph>
        <Progress
          percent={percent}
          // Green only when every one was done: a cancelled one is not a success either.
          status={batch.finished ? (failed > 0 ? 'exception' : cancelled > 0 ? 'normal' : 'success') : 'active'}
          data-testid="batch-progress"
          data-ended={ended}
          data-total={batch.total}
        />
        {batch.cancelled && !batch.finished ? <Alert type="info" showIcon message={t('browserBatch.cancelling')} style={{ marginTop: 12 }} /> : null}
        {failed > 0 || cancelled > 0 ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            <Space split="·">
              {failed > 0 ? <span data-testid="batch-failed-count">{t('browserBatch.failedCount', { count: failed })}</span> : null}
              {cancelled > 0 ? <span data-testid="batch-cancelled-count">{t('browserBatch.cancelledCount', { count: cancelled })}</span> : null}
            </Space>
          </Typography.Paragraph>
        ) : null}
        {failures.length > 0 ? (
          <List
            size="small"
            header={<Typography.Text strong>{t('browserBatch.failures')}</Typography.Text>}
            dataSource={failures}
            style={{ marginTop: 12, maxHeight: 240, overflowY: 'auto' }}
            data-testid="batch-failures"
            renderItem={(result) => (
              <List.Item data-testid={`batch-failure-${result.profileId}`}>
                <List.Item.Meta
                  title={nameOf(result.profileId)}
                  description={<Typography.Text type="danger">{start ? startErrorText(t, result.reason ?? 'failed', control.elsewhereOf(result.profileId)) : t('browserBatch.stopFailed')}</Typography.Text>}
                />
              </List.Item>
            )}
          />
        ) : null}
        {batch.finished ? null : (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('browserBatch.background')}
          </Typography.Paragraph>
        )}
      </div>
    </Modal>
  );
}
