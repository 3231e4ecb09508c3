import type { ProfileRow } from '@facet/contracts';
import { Card, Checkbox, Flex, Pagination, Spin, Tag, Typography, type PaginationProps } from 'antd';
import type { ReactNode } from 'react';
import { GroupIcon } from '../groups/index.ts';

interface ProfileCardsProps {
  rows: readonly ProfileRow[];
  loading: boolean;
  /** What a row's card says under the name: group, proxy, OS, who shared it… */
  facts: (row: ProfileRow) => ReactNode[];
  launch: (row: ProfileRow) => ReactNode;
  actions: (row: ProfileRow) => ReactNode;
  /** The card's test id; the table's row has the same, so a journey reads either. */
  rowTestId: (row: ProfileRow) => string;
  selection?: { selected: readonly string[]; onChange: (row: ProfileRow, on: boolean) => void } | undefined;
  pagination: PaginationProps;
  empty: ReactNode;
}

/**
 * A list of profiles on a phone's width: one card each, as the mobile pages show their lists
 * (features/mobile), instead of a table ten columns wide. Name and tags first, then the facts in
 * one wrapping line, then the browser's control and the row's actions.
 */
export function ProfileCards({ rows, loading, facts, launch, actions, rowTestId, selection, pagination, empty }: ProfileCardsProps) {
  return (
    <Spin spinning={loading}>
      <Flex vertical gap={8}>
        {rows.length === 0 && !loading ? empty : null}
        {rows.map((row) => (
          <Card key={row.id} size="small" data-testid={rowTestId(row)}>
            <Flex gap={8} align="flex-start">
              {selection ? <Checkbox checked={selection.selected.includes(row.id)} onChange={(event) => selection.onChange(row, event.target.checked)} aria-label={row.name} /> : null}
              <Flex vertical gap={6} style={{ flex: 1, minWidth: 0 }}>
                <Flex gap={8} align="center" style={{ minWidth: 0 }}>
                  <GroupIcon icon={row.iconId} size={24} />
                  <Typography.Text strong ellipsis={{ tooltip: row.name }} style={{ minWidth: 0 }}>
                    {row.name}
                  </Typography.Text>
                </Flex>
                {row.tags.length > 0 ? (
                  <Flex gap={2} wrap>
                    {row.tags.map((tag) => (
                      <Tag key={tag.id} color={tag.color} style={{ marginInlineEnd: 0 }}>
                        {tag.name}
                      </Tag>
                    ))}
                  </Flex>
                ) : null}
                <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                  {facts(row)
                    .filter((fact) => fact !== null && fact !== '')
                    .map((fact, index) => (
                      <span key={index}>
                        {index > 0 ? ' · ' : null}
                        {fact}
                      </span>
                    ))}
                </Typography.Text>
                {row.remark ? (
                  <Typography.Text type="secondary" ellipsis={{ tooltip: row.remark }}>
                    {row.remark}
                  </Typography.Text>
                ) : null}
                <Flex justify="space-between" align="center" gap={8} wrap>
                  {launch(row)}
                  {actions(row)}
                </Flex>
              </Flex>
            </Flex>
          </Card>
        ))}
        <Flex justify="center">
          <Pagination simple {...pagination} />
        </Flex>
      </Flex>
    </Spin>
  );
}
