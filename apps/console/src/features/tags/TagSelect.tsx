import { Select, Tag as AntTag, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTags } from './tagQueries.ts';

/** A pick of the account's tags, each shown in its colour; one (filter) or several (batch). */
export function TagSelect({ testId, ...props }: SelectProps<string | string[]> & { testId: string }) {
  const { t } = useTranslation();
  const tags = useTags();
  const list = tags.data?.list ?? [];
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={t('tags.pick')}
      options={list.map((tag) => ({ value: tag.id, label: tag.name }))}
      optionRender={(option) => {
        const tag = list.find((x) => x.id === option.value);
        return <AntTag color={tag?.color}>{option.label}</AntTag>;
      }}
      tagRender={({ label, value, closable, onClose }) => (
        <AntTag color={list.find((x) => x.id === value)?.color} closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
          {label}
        </AntTag>
      )}
      data-testid={testId}
      {...props}
    />
  );
}
