import fs from 'node:fs';
import path from 'node:path';

/**
 * Every text key the console names literally — `t('area.key')` or `i18nKey="area.key"` — exists
 * in the English locale (the parity test holds the other nine to English). Without this, a
 * screen whose keys were never written shows raw keys and every other check stays green.
 * Keys built at run time (`t(\`plugins.check.${code}\`)`) are the parity of their own tests.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

function leafKeys(tree, prefix = '') {
  return Object.entries(tree).flatMap(([key, value]) => (value && typeof value === 'object' ? leafKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

export function usedKeysOf(text) {
  const keys = [];
  const pattern = /(?:\bt\(\s*|i18nKey=\{?\s*)(['"])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g;
  for (const match of text.matchAll(pattern)) keys.push(match[2]);
  return keys;
}

export function checkUsedLocaleKeys(root) {
  const english = JSON.parse(fs.readFileSync(path.join(root, 'packages/i18n/src/locales/en-US.json'), 'utf8'));
  const known = new Set(leafKeys(english).map((key) => key.replace(PLURAL, '')));
  const problems = [];
  for (const file of sourceFiles(path.join(root, 'apps/console/src'))) {
    for (const key of usedKeysOf(fs.readFileSync(file, 'utf8'))) {
      if (!known.has(key)) problems.push(`${path.relative(root, file)}: no English text for ${key}`);
    }
  }
  return problems;
}
