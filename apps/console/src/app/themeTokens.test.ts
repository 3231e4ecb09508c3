import fs from 'node:fs';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { brandTokens } from './brandTokens.ts';

/*
 * The sign-in page and the page behind every screen are drawn before antd loads, from variables
 * in global.css that copy antd's design tokens. This holds each variable to the token antd itself
 * computes for that theme, so an antd upgrade or a new brand colour cannot leave the sign-in page
 * looking unlike the rest.
 */

const css = fs.readFileSync(new URL('./global.css', import.meta.url), 'utf8');

/** The `--facet-*` variables of the block whose selector list ends in [data-theme='name']. */
function variables(name: string): Map<string, string> {
  const block = new RegExp(`\\[data-theme='${name}'\\]\\s*\\{([^}]*)\\}`).exec(css);
  if (!block) throw new Error(`global.css has no [data-theme='${name}'] block`);
  return new Map([...block[1]!.matchAll(/--facet-([a-z-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

/** `color-primary-hover` → `colorPrimaryHover`. */
const tokenName = (variable: string) => variable.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Colours and shadows written either way compare alike: no spaces, numbers to four places. */
const normal = (value: string) =>
  value
    .replace(/\s+/g, '')
    .replace(/\d*\.\d+/g, (n) => String(Number(Number(n).toFixed(4))))
    .toLowerCase();

describe('the page colours drawn before antd loads', () => {
  for (const [name, algorithm] of [
    ['day', theme.defaultAlgorithm],
    ['night', theme.darkAlgorithm],
  ] as const) {
    it(`match antd's ${name} tokens`, () => {
      const tokens = theme.getDesignToken({ algorithm, token: brandTokens }) as unknown as Record<string, unknown>;
      const found = variables(name);
      expect(found.size).toBeGreaterThan(15);
      for (const [variable, value] of found) {
        const token = tokens[tokenName(variable)];
        expect(typeof token, `--facet-${variable} names no antd token`).toBe('string');
        expect(normal(value), `--facet-${variable}`).toBe(normal(token as string));
      }
    });
  }

  it('name the same variables in both themes', () => {
    expect([...variables('night').keys()]).toEqual([...variables('day').keys()]);
  });
});
