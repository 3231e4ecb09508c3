import { DesktopOutlined } from '@ant-design/icons';
import type { ProfileLease } from '@facet/contracts';
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';

/**
 * "Running on studio-mac", with who opened it there and since when on hover. Text that wraps,
 * not a tag: the browser column is narrow and a computer's name may be long.
 */
export function RunningElsewhereTag({ profileId, lease }: { profileId: string; lease: ProfileLease }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  return (
    <Tooltip title={t('syncState.runningOnDetail', { device: lease.device, by: lease.by, since: formatDate(lease.since) })}>
      <Typography.Text
        type="warning"
        style={{ fontSize: 12, lineHeight: 1.35, overflowWrap: 'anywhere' }}
        data-testid={`profile-running-elsewhere-${profileId}`}
        data-device={lease.device}
      >
        <DesktopOutlined style={{ marginInlineEnd: 4 }} />
        {t('syncState.runningOn', { device: lease.device })}
      </Typography.Text>
    </Tooltip>
  );
}
