import { limits, profileListCall } from '@facet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { profileListKey } from '../profiles/index.ts';

/** A chosen profile with the label it was chosen by (the search moves on, the label stays). */
export interface PickedProfile {
  value: string;
  label: string;
}

interface ProfilePickerProps {
  /** Set by Form.Item. */
  value?: PickedProfile[];
  onChange?: (profiles: PickedProfile[]) => void;
  testId: string;
}

/** The typed search, sent once typing pauses (spec §9: 200 ms). */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), limits.debounceMs);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/**
 * Chooses profiles of the acting account (not those shared with it: a plugin is pinned only on
 * one's own profiles), searched on the server by name, remark or id, 100 at a time.
 */
export function ProfilePicker({ value, onChange, testId }: ProfilePickerProps) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const [search, setSearch] = useState('');
  const settled = useSettled(search.trim());
  const query = { page: 1, limit: 100, search: settled, sort: 'serial', order: 'desc' } as const;
  const profiles = useQuery({ queryKey: profileListKey(query), queryFn: () => api.call(profileListCall, query), placeholderData: keepPreviousData });
  const options = (profiles.data?.list ?? []).map((profile) => ({ value: profile.id, label: `#${profile.serial} ${profile.name}` }));
  return (
    <Select<PickedProfile[]>
      mode="multiple"
      labelInValue
      value={value}
      onChange={(picked) => onChange?.(picked.map(({ value: id, label }) => ({ value: id, label: String(label) })))}
      options={options}
      // The server searches; the options are already its answer.
      showSearch={{ onSearch: setSearch, searchValue: search, filterOption: false }}
      onBlur={() => setSearch('')}
      loading={profiles.isFetching}
      maxCount={limits.maxProfilesPerBatch}
      placeholder={t('plugins.assign.profilesPlaceholder')}
      notFoundContent={profiles.isFetching ? null : t('plugins.assign.noProfiles')}
      data-testid={testId}
    />
  );
}
