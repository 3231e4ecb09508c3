/** A page on its way (its code or its data): a spinner drawn by global.css, without antd. */
export function Loading({ minHeight = '40vh' }: { minHeight?: string }) {
  return (
    <div className="facet-loading" style={{ minHeight }} role="status" aria-busy="true">
      <span className="facet-loading-spinner" />
    </div>
  );
}
