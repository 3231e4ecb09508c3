import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flattenKeys, locales } from '@facet/i18n';
import { entryNamespaces } from '@facet/i18n/entryNamespaces';
import { describe, expect, it } from 'vitest';

/*
 * The console renders its first pages with only the entry part of the texts (lib/language.ts):
 * a text those pages use from any other namespace would show as its raw key. This reads the
 * files that render before sign-in and every file they import, collects the text keys they name,
 * and holds each key's namespace to packages/i18n/src/entryNamespaces.ts.
 */

const src = fileURLToPath(new URL('..', import.meta.url));
const contracts = fileURLToPath(new URL('../../../../packages/contracts/src/', import.meta.url));

/**
 * What renders before sign-in: the entry (with App, the router and SessionEvents it imports) and
 * the files it loads lazily for the pages before sign-in. The shells, which load the pages after
 * sign-in, wait for all the texts (router.tsx).
 */
const beforeSignIn = [
  'main.tsx',
  'features/auth/LoginPage.tsx',
  'features/auth/RegisterPage.tsx',
  'features/auth/ForgotPasswordPage.tsx',
  'app/ConnectRoot.tsx',
  'features/connect/ConnectServerPage.tsx',
  'features/connect/LockedPage.tsx',
  'features/contact/ContactFloatButton.tsx',
  'features/contact/ContactDialog.tsx',
  // Loaded by the router once the page has shown; the notices and the contact button are on it.
  'app/AntdExtras.tsx',
  // Waits for the session before the shell (which waits for every text) loads.
  'app/shell/RequireAuth.tsx',
  // What the router and SessionEvents use of the features, through their public entries
  // (features/*/index.ts re-exports it; the walk follows imports, not re-exports).
  'features/auth/session.ts',
  'features/plans/paymentOutcome.ts',
  // The desktop client's bridge, which runtime.ts loads before anything renders there.
  'lib/bridge.ts',
];

/** The contracts' messages those pages show: API codes and client messages, form rules, the sign-in calls' fields. */
const contractFiles = ['codes.ts', 'validation.ts', 'fields.ts', 'calls/auth.ts'];

const english = locales['en-US']!;
// Plural forms (`x_one`, `x_other`) are named without their suffix.
const textKeys = new Set(flattenKeys(english).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')));

/** Text keys a source names: literal keys, and the fixed namespace of keys built with a template. */
function keysNamedIn(text: string): string[] {
  const literal = [...text.matchAll(/['"`]([A-Za-z]\w*(?:\.[\w-]+)+)['"`]/g)].map((m) => m[1]!).filter((key) => textKeys.has(key));
  const built = [...text.matchAll(/`([A-Za-z]\w*)\.[\w.]*\$\{/g)].map((m) => m[1]!).filter((name) => name in english).map((name) => `${name}.*`);
  return [...literal, ...built];
}

function staticImports(text: string): string[] {
  return [...text.matchAll(/^import\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm)].map((m) => m[1]!);
}

function lazyImports(text: string): string[] {
  return [...text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]/g)].map((m) => m[1]!);
}

/** Every console file reachable from the roots through static imports, with the lazy imports found on the way. */
function walk(roots: string[]) {
  const files = new Set<string>();
  const lazy = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file) || !/\.tsx?$/.test(file)) return;
    files.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const spec of staticImports(text)) visit(path.resolve(path.dirname(file), spec));
    for (const spec of lazyImports(text)) lazy.add(`${path.relative(src, file)} → ${path.relative(src, path.resolve(path.dirname(file), spec))}`);
  };
  for (const root of roots) visit(path.join(src, root));
  return { files, lazy };
}

function keysOutsideEntry(namespaces: readonly string[]): string[] {
  const { files } = walk(beforeSignIn);
  const sources = [...files, ...contractFiles.map((f) => path.join(contracts, f))];
  return sources.flatMap((file) =>
    keysNamedIn(fs.readFileSync(file, 'utf8'))
      .filter((key) => !namespaces.includes(key.split('.')[0]!))
      .map((key) => `${path.relative(src, file)}: ${key}`),
  );
}

describe('the texts shown before sign-in', () => {
  it('all live in the entry namespaces', () => {
    expect(keysOutsideEntry(entryNamespaces)).toEqual([]);
  });

  it('are found: leaving out a namespace the sign-in page uses is caught', () => {
    expect(keysOutsideEntry(entryNamespaces.filter((name) => name !== 'auth'))).toContain('features/auth/LoginPage.tsx: auth.login.title');
  });

  it('come from files that render before sign-in, or from pages that wait for every text', () => {
    // A new lazily loaded file on these pages must be listed in beforeSignIn above (or wait for
    // allTexts, as the shells do): otherwise its texts escape this test.
    const { lazy } = walk(beforeSignIn);
    const listed = new Set(beforeSignIn);
    const unlisted = [...lazy].filter((edge) => !edge.startsWith('app/router.tsx → ') && !listed.has(edge.split(' → ')[1]!));
    expect(unlisted).toEqual([]);
  });

  it('are the namespaces of the English file', () => {
    expect(entryNamespaces.filter((name) => !(name in english))).toEqual([]);
  });
});
