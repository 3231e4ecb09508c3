import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What the sign-in page costs before it shows (issue 16 item 4), gzip-sized at level 9 as a
 * server compressing static files does: the console's entry chunk, the sign-in route's own chunk
 * (React.lazy fetches it before the page can render) and the entry part of the English texts (the
 * default language and every other's fallback, awaited before the first render; the rest of them
 * comes after it: packages/i18n/src/entryNamespaces.ts), each with every chunk it imports
 * statically and their CSS. Other dynamic imports — the other routes, the other languages, the
 * rest of the texts, exceljs — are not counted: they load later or never.
 *
 * Measured 2026-11-27 (docs/benchmarks.md): 586 kB before the split, 413 kB after it, 337 kB once
 * the contracts' unused calls, socket.io, the bridge, the language menu, the contact button and
 * react-router's data router left it, 338.5 kB with the whole English file (26.7 kB of it) and
 * 319.7 kB with only its entry part (7.5 kB; a German visitor's page went from about 368.7 kB,
 * with both whole files, to 328.3 kB). 2026-11-29: 186.9 kB once the sign-in page drew without
 * antd (a German visitor's 195.5 kB; docs/decisions.md says how), under issue 16's 250 kB; the
 * budget is that plus about 5 %. What is left is mostly React, the entry, zod with the contracts,
 * i18next and react-router. Raise it only with a reason written beside it.
 */
export const CONSOLE_BUDGET_BYTES = 196 * 1000;

/**
 * Manifest keys (source paths relative to apps/console) of what the sign-in page waits for:
 * index.html (the entry; the server sends it for every route), the route's lazy chunk and the
 * entry part of the English texts (apps/console/localeParts.ts serves it). A renamed file fails
 * the check until it is named here again.
 */
export const SIGN_IN_ROOTS = ['index.html', 'src/features/auth/LoginPage.tsx', '../../packages/i18n/src/locales/en-US.json?part=entry'];

/**
 * The files loaded before the first render, each once, in walk order: the manifest's `file` and
 * `css` of each root and of everything reachable from it through `imports` (never through
 * `dynamicImports`). `key` is the manifest key of the chunk that brought the file in.
 */
export function initialFiles(manifest, roots = SIGN_IN_ROOTS) {
  const files = [];
  const seenChunks = new Set();
  const add = (file, key) => {
    if (!files.some((f) => f.file === file)) files.push({ file, key });
  };
  const visit = (key) => {
    if (seenChunks.has(key)) return;
    seenChunks.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the console build's manifest has no chunk ${key}`);
    add(chunk.file, key);
    for (const css of chunk.css ?? []) add(css, key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return files;
}

export function gzipBytes(buffer) {
  return gzipSync(buffer, { level: 9 }).length;
}

export const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * Weighs the initial files (`read(file)` gives a file's bytes) against the budget. The answer
 * lists them largest first, so a failure names the chunks that grew.
 */
export function weighInitialLoad(manifest, read, { budget = CONSOLE_BUDGET_BYTES, roots = SIGN_IN_ROOTS } = {}) {
  const sizes = initialFiles(manifest, roots)
    .map(({ file, key }) => ({ file, key, gzip: gzipBytes(read(file)) }))
    .sort((a, b) => b.gzip - a.gzip);
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  return { total, budget, ok: total <= budget, files: sizes };
}

/** What every page after sign-in waits for on a reload: the entry, antd's provider, the sign-in check, the shell and the English texts whole (the shell waits for their rest part). */
const SIGNED_IN_ROOTS = [
  'index.html',
  'src/app/AntdProvider.tsx',
  'src/app/shell/RequireAuth.tsx',
  'src/app/shell/Shell.tsx',
  '../../packages/i18n/src/locales/en-US.json?part=entry',
  '../../packages/i18n/src/locales/en-US.json?part=rest',
];

/**
 * The two pages sign-in lands on, reloaded: the browser list (/wel/browser) in the desktop client,
 * the plan page (/wel/account/package) in the browser version, which reads them over the network.
 * The dialogs and drawers they and the shell open come later (apps/console/src/lib/deferred.tsx).
 */
export const BROWSER_LIST_ROOTS = [...SIGNED_IN_ROOTS, 'src/features/profiles/ProfileListPage.tsx'];
export const PLAN_PAGE_ROOTS = [...SIGNED_IN_ROOTS, 'src/features/plans/PlanPage.tsx'];

/**
 * Issue 16 names no figure for these pages. Measured 2026-11-29 (docs/benchmarks.md), before and
 * after their dialogs and the shell's came later: the browser list 627.6 → 549.5 kB gzip, the plan
 * page 585.5 → 470.7 kB. Each budget is the second figure plus about 5 %, so a dialog imported
 * plainly again fails the check.
 */
export const BROWSER_LIST_BUDGET_BYTES = 578 * 1000;
export const PLAN_PAGE_BUDGET_BYTES = 495 * 1000;

/** What `npm test` holds the console to: each page's initial files against its budget. */
export const PAGE_BUDGETS = [
  { page: 'the sign-in page', roots: SIGN_IN_ROOTS, budget: CONSOLE_BUDGET_BYTES },
  { page: 'the browser list', roots: BROWSER_LIST_ROOTS, budget: BROWSER_LIST_BUDGET_BYTES },
  { page: 'the plan page', roots: PLAN_PAGE_ROOTS, budget: PLAN_PAGE_BUDGET_BYTES },
];

/**
 * Problems for the lint suite: none, or for each page over its budget the total followed by its
 * files, largest first.
 */
export function checkConsoleBudget(consoleDist, pages = PAGE_BUDGETS) {
  const manifestFile = path.join(consoleDist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) return [`no ${path.relative(process.cwd(), manifestFile)}: build the console first (node scripts/build-console.mjs)`];
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const read = (file) => fs.readFileSync(path.join(consoleDist, file));
  return pages.flatMap(({ page, roots, budget }) => {
    let result;
    try {
      result = weighInitialLoad(manifest, read, { budget, roots });
    } catch (error) {
      return [`${page}: ${error instanceof Error ? error.message : String(error)} (scripts/checks/consoleBudget.mjs)`];
    }
    if (result.ok) return [];
    return [
      `${page} loads ${kB(result.total)} gzip of JavaScript and CSS before it shows, over the budget of ${kB(result.budget)} (scripts/checks/consoleBudget.mjs):`,
      ...result.files.map((f) => `  ${kB(f.gzip).padStart(9)}  ${f.file}  (${f.key})`),
    ];
  });
}
