import type { HostRow } from '@facet/contracts';
import { Badge, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';

/** Online or offline, and when the host last reported. */
export function HostStatus({ host, lastSeen = true }: { host: HostRow; lastSeen?: boolean }) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  return (
    <Flex vertical gap={0}>
      <Badge status={host.online ? 'success' : 'default'} text={host.online ? t('hosts.online') : t('hosts.offline')} data-testid={`host-state-${host.id}`} />
      {lastSeen && !host.online ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {host.lastSeenAt === null ? t('hosts.neverSeen') : t('hosts.lastSeen', { when: formatDate(host.lastSeenAt) })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
