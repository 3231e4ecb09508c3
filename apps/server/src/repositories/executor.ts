import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A repository runs on the database or inside a transaction a service opened. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** `%`, `_` and `\` typed by a user match themselves in LIKE, not any character. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Rows per INSERT: SQLite allows 32,766 bound values per statement and PostgreSQL 65,535, so
 * a wide table goes in chunks.
 */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
