/**
 * The names of the profiles a synchronization started with, for its panel: the profile list
 * knows only the names of its current page and of rows once selected, and the agent's status
 * carries ids alone. Kept for this console's lifetime; after a reload the panel shows what the
 * list knows, else the id.
 */
const names = new Map<string, string>();

export function rememberNames(ids: readonly string[], nameOf: (id: string) => string): void {
  for (const id of ids) {
    const name = nameOf(id);
    if (name && name !== id) names.set(id, name);
  }
}

/** The remembered name of `id`, else what `nameOf` knows. */
export function nameWithRemembered(nameOf: (id: string) => string): (id: string) => string {
  return (id) => names.get(id) ?? nameOf(id);
}
