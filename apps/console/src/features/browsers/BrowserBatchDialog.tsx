import { limits } from '@facet/contracts';
import { Alert, Button, List, Modal, Progress, Space, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { countBatch } from './batchCounts.ts';
import { startErrorText } from './startErrorText.ts';
import type { BrowserBatchControl } from './useBrowserBatch.ts';

/**
 * A batch open or close as it runs ("Opening 7 of 20", a bar of those ended, green for those
 * done and red for those failed) and, at its end, how many opened (or closed), failed and had
 * nothing to do, and each failure with its reason in words. The rest can be cancelled while it
 * runs; the ones already under way finish.
 */
export function BrowserBatchDialog({ control, nameOf }: { control: BrowserBatchControl; nameOf: (profileId: string) => string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { batch } = control;
  if (!batch || control.hidden) return null;
  const start = batch.action === 'start';
  const { done, failed, skipped, cancelled, current, percent, successPercent, status } = countBatch(batch);
  const failures = batch.results.filter((r) => r.outcome === 'failed');
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
            ? t(start ? 'browserBatch.startDone' : 'browserBatch.stopDone', { done, count: batch.total })
            : t(start ? 'browserBatch.startProgress' : 'browserBatch.stopProgress', { current, total: batch.total })}
        </Typography.Paragraph>
        <Progress
          percent={percent}
          // Its colour given here: antd paints every track red, the success one too, once the status is `exception`.
          success={{ percent: successPercent, strokeColor: token.colorSuccess }}
          // The part past the green is the failed ones: red while it runs too, not the running blue.
          strokeColor={failed > 0 ? token.colorError : undefined}
          status={status}
          data-testid="batch-progress"
          data-ended={batch.results.length}
          data-done={done}
          data-failed={failed}
          data-skipped={skipped}
          data-total={batch.total}
        />
        {batch.cancelled && !batch.finished ? <Alert type="info" showIcon message={t('browserBatch.cancelling')} style={{ marginTop: 12 }} /> : null}
        {failed > 0 || skipped > 0 || cancelled > 0 ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            <Space split="·" wrap>
              {failed > 0 ? <span data-testid="batch-failed-count">{t('browserBatch.failedCount', { count: failed })}</span> : null}
              {skipped > 0 ? <span data-testid="batch-skipped-count">{t(start ? 'browserBatch.alreadyRunningCount' : 'browserBatch.notRunningCount', { count: skipped })}</span> : null}
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
