import { UNGROUPED_ID } from '@facet/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroups } from './groupQueries.ts';

/** The value the group filter uses for "every group"; never sent to the server. */
export const ALL_GROUPS = 'all';

interface GroupSelectProps {
  value?: string;
  onChange?: (groupId: string) => void;
  /** Offer "All" first (the list filter), not only real groups and "Ungrouped". */
  withAll?: boolean;
  testId?: string;
  style?: React.CSSProperties;
}

/** Choose a group: "Ungrouped" (id "0") and the account's groups, optionally "All". */
export function GroupSelect({ value, onChange, withAll = false, testId, style }: GroupSelectProps) {
  const { t } = useTranslation();
  const groups = useGroups();
  const options = [
    ...(withAll ? [{ value: ALL_GROUPS, label: t('groups.all') }] : []),
    { value: UNGROUPED_ID, label: t('groups.ungrouped') },
    ...(groups.data?.list ?? []).map((group) => ({ value: group.id, label: group.name })),
  ];
  return (
    <Select
      value={value}
      onChange={onChange}
      options={options}
      loading={groups.isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      data-testid={testId}
      style={style}
    />
  );
}
