/**
 * Which column a unique-constraint violation was about, for SQLite and PostgreSQL alike, or
 * null when the error is something else. Lets a racing duplicate insert get a clear code.
 */
export function uniqueViolationColumn(error: unknown): string | null {
  const e = error as { code?: string; message?: string; constraint?: string };
  if (e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return /UNIQUE constraint failed: \w+\.(\w+)/.exec(e.message ?? '')?.[1] ?? '';
  }
  if (e?.code === '23505') {
    // PostgreSQL names it <table>_<column>_key.
    return /^[a-z]+_(\w+)_key$/.exec(e.constraint ?? '')?.[1] ?? '';
  }
  return null;
}
