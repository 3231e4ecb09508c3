import { AppstoreAddOutlined, AppstoreOutlined, GlobalOutlined, ImportOutlined, PlusOutlined, SettingOutlined, TagsOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { GroupSelect } from '../groups/index.ts';
import { TagSelect } from '../tags/index.ts';
import { useScreenWidth } from '../../ui/useScreenWidth.ts';

interface ToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  groupFilter: string;
  onGroupFilter: (groupId: string) => void;
  tagFilter: string | undefined;
  onTagFilter: (tagId: string | undefined) => void;
  onManageTags: () => void;
  onImport: () => void;
  onProxies: () => void;
  onCreate: () => void;
  onBatchCreate: () => void;
  onColumns: () => void;
  /** The desktop client's "arrange windows" of every running profile; absent in the browser version. */
  onArrangeWindows?: () => void;
  /** The desktop client's sign of a running window synchronizer (features/synchronizer); absent in the browser version. */
  synchronizer?: React.ReactNode;
}

/** Search (name, remark, id, proxy host), group and tag filters, tags, the synchronizer's sign and arrange windows (desktop client), column settings, and the two create buttons. */
export function ProfileListToolbar({ search, onSearch, groupFilter, onGroupFilter, tagFilter, onTagFilter, onManageTags, onImport, onProxies, onCreate, onBatchCreate, onColumns, onArrangeWindows, synchronizer }: ToolbarProps) {
  const { t } = useTranslation();
  // On a phone the lesser buttons show their icons alone (each names itself on hover and to a
  // screen reader); everywhere the buttons wrap rather than run off the page.
  const iconsOnly = useScreenWidth() === 'phone';
  const label = (text: string) => (iconsOnly ? { 'aria-label': text, title: text } : { children: text });
  return (
    <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
      <Flex gap={8} wrap style={{ maxWidth: '100%' }}>
        <Input.Search
          defaultValue={search}
          allowClear
          placeholder={t('profiles.searchPlaceholder')}
          onSearch={(text) => onSearch(text.trim())}
          style={{ width: 300, maxWidth: '100%' }}
          data-testid="profile-search"
        />
        <GroupSelect withAll value={groupFilter} onChange={onGroupFilter} style={{ width: 200, maxWidth: '100%' }} testId="profile-group-filter" />
        <TagSelect value={tagFilter} onChange={(value) => onTagFilter((value as string | undefined) ?? undefined)} style={{ width: 180, maxWidth: '100%' }} placeholder={t('tags.filter')} testId="profile-tag-filter" />
      </Flex>
      <Flex gap={8} wrap>
        {synchronizer}
        {onArrangeWindows ? (
          <Button icon={<AppstoreOutlined />} onClick={onArrangeWindows} aria-label={t('arrangeWindows.button')} title={t('arrangeWindows.button')} data-testid="arrange-windows" />
        ) : null}
        <Button icon={<TagsOutlined />} onClick={onManageTags} data-testid="profile-manage-tags" {...label(t('tags.manage'))} />
        <Button icon={<GlobalOutlined />} onClick={onProxies} data-testid="profile-proxies" {...label(t('proxies.title'))} />
        <Button icon={<ImportOutlined />} onClick={onImport} data-testid="profile-import" {...label(t('profileFiles.import'))} />
        {/* The columns are the table's: a phone shows cards. */}
        {iconsOnly ? null : <Button icon={<SettingOutlined />} onClick={onColumns} aria-label={t('profiles.columns.title')} title={t('profiles.columns.title')} data-testid="profile-columns" />}
        <Button icon={<AppstoreAddOutlined />} onClick={onBatchCreate} data-testid="batch-create" {...label(t('profiles.batchCreate'))} />
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} data-testid="profile-create">
          {t('profiles.create')}
        </Button>
      </Flex>
    </Flex>
  );
}
