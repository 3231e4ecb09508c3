import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { rowsPlannedOnce } from './genericPlans.ts';
import type { Database } from './schema.ts';

/** Stands for a value while a template is built; no real value starts with a NUL. */
const SLOT = '\u0000slot:';

type Slots<V> = { readonly [K in keyof V]: V[K] };

/**
 * A query built and compiled by Kysely once per shape, then run with new values. Building and
 * compiling the browser list's query cost about half a millisecond of CPU per call (profiled
 * under the list benchmark) for SQL text that never changed; the database (and SQLite's statement
 * cache, db/statementCache.ts) already reuse the text. `build` receives stand-ins for the values:
 * it must pass them to Kysely untouched (a value derived from one in JavaScript, such as a LIKE
 * pattern, must be a value of its own), and the shape — which clauses exist, how many ids a list
 * holds — must be part of the key.
 *
 * Kept per Kysely adapter: a connection or transaction of the same database shares its
 * instance's adapter, and so its compiled text (the schema is the connection's search_path,
 * never in the text).
 */
export class QueryTemplates {
  private readonly byAdapter = new WeakMap<object, Map<string, Template>>();

  /** The rows the template answers for `values`. */
  async run<V extends Record<string, unknown>, R>(db: Kysely<Database>, key: string, values: V, build: (slots: Slots<V>) => Compilable<R>): Promise<R[]> {
    return (await db.executeQuery(this.compiled(db, key, values, build))).rows;
  }

  /**
   * The rows, as `run` gives them, of a statement PostgreSQL may plan once per connection
   * (db/genericPlans.ts says which may).
   */
  async runPlannedOnce<V extends Record<string, unknown>, R>(db: Kysely<Database>, key: string, values: V, build: (slots: Slots<V>) => Compilable<R>): Promise<R[]> {
    return rowsPlannedOnce(db, this.compiled(db, key, values, build));
  }

  /** The compiled query for `values`, for a caller that needs the whole result (a write's counts). */
  compiled<V extends Record<string, unknown>, R>(db: Kysely<Database>, key: string, values: V, build: (slots: Slots<V>) => Compilable<R>): CompiledQuery<R> {
    const adapter = db.getExecutor().adapter;
    let templates = this.byAdapter.get(adapter);
    if (!templates) this.byAdapter.set(adapter, (templates = new Map()));
    let template = templates.get(key);
    if (!template) {
      const slots = Object.fromEntries(Object.keys(values).map((name) => [name, `${SLOT}${name}`])) as unknown as Slots<V>;
      template = compileTemplate(build(slots).compile());
      templates.set(key, template);
    }
    const parameters = template.bindings.map((binding) => (binding.slot === null ? binding.value : values[binding.slot]));
    return { ...template.compiled, parameters } as CompiledQuery<R>;
  }
}

interface Template {
  compiled: CompiledQuery<unknown>;
  bindings: { slot: string | null; value: unknown }[];
}

function compileTemplate(compiled: CompiledQuery<unknown>): Template {
  // A stand-in that was changed on its way (a pattern made of it) or written into the text would
  // run as the stand-in itself: refuse the template rather than answer wrongly.
  const derived = compiled.parameters.some((value) => typeof value === 'string' && value.includes(SLOT) && !(value.startsWith(SLOT) && /^\w+$/.test(value.slice(SLOT.length))));
  if (derived || compiled.sql.includes(SLOT)) throw new Error('a query template used a stand-in other than as a whole value');
  return {
    compiled,
    bindings: compiled.parameters.map((value) => (typeof value === 'string' && value.startsWith(SLOT) ? { slot: value.slice(SLOT.length), value: null } : { slot: null, value })),
  };
}

/** One set for the whole server: the templates are the same SQL whichever repository asks. */
export const queryTemplates = new QueryTemplates();
