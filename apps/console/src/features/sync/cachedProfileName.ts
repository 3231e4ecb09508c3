/**
 * A profile's name from lists the console already holds (the browser list, "shared with me"):
 * the agent's pushes name only the id. `cached` is what `getQueriesData({ queryKey: ['profiles'] })`
 * answers; null when no list held the profile.
 */
export function cachedProfileName(cached: readonly (readonly [unknown, unknown])[], profileId: string): string | null {
  for (const [, data] of cached) {
    const list = (data as { list?: unknown } | undefined)?.list;
    if (!Array.isArray(list)) continue;
    const row = list.find((item): item is { id: string; name: string } => typeof item === 'object' && item !== null && (item as { id?: unknown }).id === profileId);
    if (row && typeof row.name === 'string') return row.name;
  }
  return null;
}
