import type { SyncProgressPush } from '@facet/contracts';
import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/Preferences.tsx';
import { syncProgressPercent, syncProgressText } from './syncProgress.ts';

/** A row's "Downloading state… 12 MB of 40 MB" with a thin bar, while the agent moves it. */
export function SyncProgressLine({ progress }: { progress: SyncProgressPush }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const text = syncProgressText(progress, t, language.tag);
  return (
    <Flex
      vertical
      style={{ minWidth: 0, alignSelf: 'stretch' }}
      data-testid={`profile-sync-${progress.profileId}`}
      data-direction={progress.direction}
      data-done={progress.doneBytes}
      data-total={progress.totalBytes}
    >
      <Typography.Text type="secondary" ellipsis={{ tooltip: text }} style={{ fontSize: 12 }}>
        {text}
      </Typography.Text>
      <Progress percent={syncProgressPercent(progress)} size="small" showInfo={false} status="active" style={{ margin: 0 }} />
    </Flex>
  );
}
