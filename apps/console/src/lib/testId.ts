/**
 * A `data-testid` for props objects (antd's okButtonProps, onRow): object literals, unlike JSX,
 * do not accept hyphenated attribute names on typed props.
 */
export function testId<T extends object>(id: string): T {
  return { 'data-testid': id } as unknown as T;
}
