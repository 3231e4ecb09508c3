import { AppstoreAddOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { GroupSelect } from '../groups/GroupSelect.tsx';

interface ToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  groupFilter: string;
  onGroupFilter: (groupId: string) => void;
  onCreate: () => void;
  onBatchCreate: () => void;
  onColumns: () => void;
}

/** Search (name, remark, id, proxy host), group filter, column settings, and the two create buttons. */
export function ProfileListToolbar({ search, onSearch, groupFilter, onGroupFilter, onCreate, onBatchCreate, onColumns }: ToolbarProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
      <Flex gap={8} wrap>
        <Input.Search
          defaultValue={search}
          allowClear
          placeholder={t('profiles.searchPlaceholder')}
          onSearch={(text) => onSearch(text.trim())}
          style={{ width: 300 }}
          data-testid="profile-search"
        />
        <GroupSelect withAll value={groupFilter} onChange={onGroupFilter} style={{ width: 200 }} testId="profile-group-filter" />
      </Flex>
      <Flex gap={8}>
        <Button icon={<SettingOutlined />} onClick={onColumns} aria-label={t('profiles.columns.title')} title={t('profiles.columns.title')} data-testid="profile-columns" />
        <Button icon={<AppstoreAddOutlined />} onClick={onBatchCreate} data-testid="batch-create">
          {t('profiles.batchCreate')}
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} data-testid="profile-create">
          {t('profiles.create')}
        </Button>
      </Flex>
    </Flex>
  );
}
