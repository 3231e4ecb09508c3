import { Flex, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../lib/useDateTimeFormat.ts';
import { usePluginVersions } from './pluginQueries.ts';

interface VersionSelectProps {
  pluginId: string;
  /** Set by Form.Item. */
  value?: string;
  onChange?: (versionId: string) => void;
  testId: string;
}

/** Chooses one stored version of a plugin, newest first, the newest marked. */
export function VersionSelect({ pluginId, value, onChange, testId }: VersionSelectProps) {
  const { t } = useTranslation();
  const formatDate = useDateTimeFormat();
  const versions = usePluginVersions(pluginId);
  const options = (versions.data ?? []).map((version, index) => ({
    value: version.id,
    label: (
      <Flex gap={8} align="center" data-testid={`${testId}-option-${version.id}`}>
        <span>{version.version}</span>
        <Typography.Text type="secondary">{formatDate(version.createdAt)}</Typography.Text>
        {index === 0 ? <Tag color="blue">{t('plugins.latest')}</Tag> : null}
      </Flex>
    ),
  }));
  return <Select value={value} onChange={onChange} options={options} loading={versions.isLoading} data-testid={testId} />;
}
