import { limits, type PageSize } from '@facet/contracts';

/** What a paged list keeps of its query: lists take `page` and `limit` (contracts `limits.pageSizes`). */
interface PagedQuery {
  page: number;
  limit: PageSize;
}

/**
 * The pagination of every paged list page, for antd's Table or Pagination: the contracts' page
 * sizes, a size changer, the total when `totalText` words it; a new page size goes back to page 1.
 * Without `setQuery` the caller takes the changes itself (the profile table, which also sorts).
 */
export function listPagination<Q extends PagedQuery>(query: Q, total: number, { totalText, setQuery }: { totalText?: (total: number) => string; setQuery?: (update: (q: Q) => Q) => void } = {}) {
  return {
    current: query.page,
    pageSize: query.limit,
    total,
    pageSizeOptions: limits.pageSizes.map(String),
    showSizeChanger: true,
    ...(totalText ? { showTotal: totalText } : {}),
    ...(setQuery ? { onChange: (page: number, pageSize: number) => setQuery((q) => ({ ...q, page: pageSize !== q.limit ? 1 : page, limit: pageSize as PageSize })) } : {}),
  };
}
