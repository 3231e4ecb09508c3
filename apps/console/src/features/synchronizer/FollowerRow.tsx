import type { SynchronizerFollower } from '@facet/contracts';
import { Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { canDrop, canResync, followerStateLook } from './followerStateLook.ts';

export interface FollowerRowProps {
  follower: SynchronizerFollower;
  name: string;
  /** The follower whose request is under way, if any: its buttons wait. */
  busy: boolean;
  onResync: () => void;
  onDrop: () => void;
}

/** One follower in the synchronizer's panel: its name and state, its page, Re-sync and Drop. */
export function FollowerRow({ follower, name, busy, onResync, onDrop }: FollowerRowProps) {
  const { t } = useTranslation();
  const look = followerStateLook[follower.state];
  const id = follower.profileId;
  return (
    <Flex vertical gap={4} style={{ padding: '8px 0', minWidth: 0 }} data-testid={`synchronizer-follower-${id}`} data-state={follower.state}>
      <Flex gap={8} align="center" wrap justify="space-between">
        <Flex gap={8} align="center" style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis>
            {name}
          </Typography.Text>
          <Tag color={look.color} data-testid={`synchronizer-state-${id}`}>
            {t(look.textKey)}
          </Tag>
        </Flex>
        <Flex gap={8}>
          {canResync(follower.state) ? (
            <Button size="small" onClick={onResync} loading={busy} data-testid={`synchronizer-resync-${id}`}>
              {t('synchronizer.resync')}
            </Button>
          ) : null}
          {canDrop(follower.state) ? (
            <Button size="small" onClick={onDrop} disabled={busy} data-testid={`synchronizer-drop-${id}`}>
              {t('synchronizer.drop')}
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <PageAddress url={follower.url} testId={`synchronizer-url-${id}`} />
    </Flex>
  );
}

/** A page address on one line (the whole of it on hover), or that it is not known yet. */
export function PageAddress({ url, testId }: { url: string | undefined; testId: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" ellipsis={{ tooltip: url }} style={{ maxWidth: '100%' }} data-testid={testId}>
      {url ?? t('synchronizer.noPage')}
    </Typography.Text>
  );
}
