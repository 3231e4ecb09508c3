/**
 * Page `page` of `size` rows (any size, as AdsPower's page_size) out of a list the server pages
 * by `serverSize`: the one or two server pages that hold those rows, cut to them.
 */
export async function pageSlice<T>(fetchPage: (serverPage: number) => Promise<{ list: T[]; total: number }>, page: number, size: number, serverSize: number): Promise<{ list: T[]; total: number }> {
  const start = (page - 1) * size;
  const end = start + size;
  const first = Math.floor(start / serverSize) + 1;
  const last = Math.floor((end - 1) / serverSize) + 1;
  const pages = await Promise.all(Array.from({ length: last - first + 1 }, (_, i) => fetchPage(first + i)));
  const offset = (first - 1) * serverSize;
  return { list: pages.flatMap((p) => p.list).slice(start - offset, end - offset), total: pages[0]?.total ?? 0 };
}
