import type { HostLoad } from '@facet/contracts';
import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const gb = (mb: number) => (mb / 1024).toFixed(mb < 10 * 1024 ? 1 : 0);

/** A host's last reported load: processor, memory, profiles running, streams. */
export function HostLoadFacts({ load, compact = false }: { load: HostLoad | null; compact?: boolean }) {
  const { t } = useTranslation();
  if (!load) return <Typography.Text type="secondary">{t('hosts.noLoad')}</Typography.Text>;
  const memoryPercent = Math.round((load.memoryUsedMb / load.memoryTotalMb) * 100);
  const counts = t('hosts.counts', { profiles: load.profiles, streams: load.streams });
  if (compact) {
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('hosts.cpuShort', { percent: Math.round(load.cpuPercent) })} · {t('hosts.memoryShort', { used: gb(load.memoryUsedMb), total: gb(load.memoryTotalMb) })} · {counts}
      </Typography.Text>
    );
  }
  return (
    <Flex vertical gap={2} style={{ minWidth: 180 }}>
      <Flex gap={8} align="center">
        <Typography.Text style={{ width: 64, fontSize: 12 }}>{t('hosts.cpu', { cores: load.cores })}</Typography.Text>
        <Progress percent={Math.round(load.cpuPercent)} size="small" style={{ margin: 0, flex: 1 }} />
      </Flex>
      <Flex gap={8} align="center">
        <Typography.Text style={{ width: 64, fontSize: 12 }}>{t('hosts.memory')}</Typography.Text>
        <Progress percent={memoryPercent} size="small" format={() => t('hosts.memoryShort', { used: gb(load.memoryUsedMb), total: gb(load.memoryTotalMb) })} style={{ margin: 0, flex: 1 }} />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {counts}
      </Typography.Text>
    </Flex>
  );
}
