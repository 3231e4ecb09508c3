import fs from 'node:fs';
// By path, not by package name: Vite bundles its config with relative imports only, and Node 20 loads no .ts from node_modules.
import { entryNamespaces } from '../../packages/i18n/src/entryNamespaces.ts';
import type { Plugin } from 'vite';

const PART_QUERY = /^(.*\/locales\/[^/?]+\.json)\?(?:.*&)?part=(entry|rest)(?:&|$)/;

/**
 * Serves `…/locales/<tag>.json?part=entry` and `?part=rest` (packages/i18n/src/lazy.ts): the
 * locale file's top-level namespaces that entryNamespaces names, or all the others. The source
 * stays one file per language (the parity test reads it whole); the split happens here, at build
 * time, so the sign-in page waits only for its own texts. The answer is JSON (`moduleType`), which
 * the bundler turns into a module as it does the whole file.
 */
export function localeParts(): Plugin {
  return {
    name: 'facet:locale-parts',
    load(id) {
      const match = PART_QUERY.exec(id);
      if (!match) return null;
      const [, file, part] = match as unknown as [string, string, 'entry' | 'rest'];
      this.addWatchFile(file);
      const tree = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      // A namespace renamed in the locale files but not in the list would leave the sign-in page without it.
      const missing = entryNamespaces.filter((name) => !(name in tree));
      if (missing.length > 0) throw new Error(`${file} has no namespace ${missing.join(', ')} (packages/i18n/src/entryNamespaces.ts)`);
      const picked = Object.fromEntries(Object.entries(tree).filter(([name]) => entryNamespaces.includes(name) === (part === 'entry')));
      return { code: JSON.stringify(picked), moduleType: 'json' };
    },
  };
}
