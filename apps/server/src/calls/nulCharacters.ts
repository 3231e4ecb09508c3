/**
 * Where a payload holds U+0000, in a string or an object key: the issue path of one such
 * (`settings.name`, `profiles.3.remark`), or null. PostgreSQL's text cannot store the
 * character at all (the insert failed, a 500), and no field of ours has a use for it (a NUL in
 * a command line ends the argument), so a call carrying one is refused at the edge, by path,
 * before its schema reads it. Walked with a stack of its own, not recursion: a deeply nested
 * body must not overflow the call stack.
 */
export function pathOfNul(payload: unknown): string | null {
  const pending: { value: unknown; path: string[] }[] = [{ value: payload, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path.join('.');
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: [...path, String(index)] }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\0')].join('.');
        pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}
