import { CloseOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Button, Popover, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { startErrorText } from './startErrorText.ts';
import { useStartFailure, useStartFailures } from './useStartFailure.ts';

/**
 * A red "Failed" tag on the row of a profile whose start failed, kept until it starts or the
 * person dismisses it: a toast is gone before one is back from another window, and a batch's
 * failures would otherwise leave rows that look like any other. The reason and what to do show
 * on hover or click; the tag's own × (a button, reachable by keyboard) dismisses it too.
 */
export function StartFailedTag({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const failures = useStartFailures();
  const failure = useStartFailure(profileId);
  if (!failure) return null;
  const reason = failure.message ?? startErrorText(t, failure.reason, failure.elsewhere);
  const dismiss = () => failures.dismiss(profileId);
  return (
    <Popover
      trigger={['hover', 'click']}
      title={t('startFailure.title')}
      content={
        // The reason is a sentence or two: wrapped to a readable measure, not one long line.
        <div style={{ maxWidth: 320 }} data-testid={`profile-start-failed-detail-${profileId}`}>
          <Typography.Paragraph type="danger" style={{ marginBottom: 8 }}>
            {reason}
          </Typography.Paragraph>
          <Button size="small" onClick={dismiss} data-testid={`profile-start-failed-dismiss-${profileId}`}>
            {t('startFailure.dismiss')}
          </Button>
        </div>
      }
    >
      <Tag
        color="error"
        icon={<ExclamationCircleOutlined />}
        closable
        closeIcon={<CloseOutlined aria-label={t('startFailure.dismiss')} />}
        onClose={(event) => {
          // The store drops it, and the row draws without it.
          event.preventDefault();
          dismiss();
        }}
        style={{ cursor: 'pointer', marginInlineEnd: 0, maxWidth: '100%', whiteSpace: 'normal' }}
        data-testid={`profile-start-failed-${profileId}`}
        data-reason={failure.reason}
      >
        {t('startFailure.tag')}
      </Tag>
    </Popover>
  );
}
