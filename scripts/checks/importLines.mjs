/** Each import's specifier and the line (from 1) it is written on. */
export function importLines(text) {
  const found = [];
  const pattern = /(?:^|[^\w$.])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w$.])import\s*\(\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;
  for (const match of text.matchAll(pattern)) {
    const spec = match[1] ?? match[2] ?? match[3];
    const at = match.index + match[0].lastIndexOf(spec);
    found.push({ spec, line: text.slice(0, at).split('\n').length });
  }
  return found;
}
