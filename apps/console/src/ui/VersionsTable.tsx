import { Alert, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/errorText.ts';
import { testId } from '../lib/testId.ts';

interface VersionsTableProps<V extends { id: string }> {
  columns: TableColumnsType<V>;
  /** The query of the versions, newest first. */
  versions: { data?: V[]; error: Error | null; isLoading: boolean };
  rowTestId: (version: V) => string;
  empty?: ReactNode;
}

/**
 * Stored versions in one table without pages, what failed to load said above it: a plugin's
 * uploads (features/plugins) and a profile's saved states (features/sync), each with its columns.
 */
export function VersionsTable<V extends { id: string }>({ columns, versions, rowTestId, empty }: VersionsTableProps<V>) {
  const { t } = useTranslation();
  return (
    <>
      {versions.error ? <Alert type="warning" showIcon title={errorText(versions.error, t)} style={{ marginBottom: 12 }} /> : null}
      <Table<V>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={versions.data ?? []}
        loading={versions.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(version) => testId(rowTestId(version))}
        {...(empty ? { locale: { emptyText: empty } } : {})}
      />
    </>
  );
}
