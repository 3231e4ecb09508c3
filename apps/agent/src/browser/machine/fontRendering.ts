/**
 * Canvas "rendering": a profile's own text rendering, set natively in its fontconfig instead of
 * noise a page script adds to what a page reads back. Chromium on Linux asks fontconfig, per
 * font and pixel size, how to rasterise glyphs; of what it answers, the hinting style and the
 * autohinter change the pixels of canvas text (measured on Chromium 156: antialiasing too, but
 * no desktop turns it off; rgba and lcdfilter reach only opaque canvases; matrix, embolden and
 * pixelsize edits are ignored). Each (family, size range) of the fonts pages draw with gets one
 * of six settings, chosen by the profile's seed: the same drawing reads back the same at every
 * start and, with a likelihood that grows with the families and sizes a page draws, differently
 * in another profile — with nothing replaced in the page. What it costs: about 25 distinct
 * readings of FingerprintJS's text canvas on one machine (two families at two sizes), where
 * page-script noise gives every profile its own (docs/fingerprint.md).
 */

export interface RenderingRule {
  family: string;
  /** Pixel sizes [from, to) the rule applies to. */
  sizes: readonly [number, number];
  hintstyle: 'hintslight' | 'hintnone' | 'hintmedium' | 'hintfull';
  autohint: boolean;
}

/** The settings a Linux desktop may have; the first is fontconfig's default on Debian. */
const SETTINGS: readonly Pick<RenderingRule, 'hintstyle' | 'autohint'>[] = [
  { hintstyle: 'hintslight', autohint: false },
  { hintstyle: 'hintnone', autohint: false },
  { hintstyle: 'hintmedium', autohint: false },
  { hintstyle: 'hintfull', autohint: false },
  { hintstyle: 'hintmedium', autohint: true },
  { hintstyle: 'hintfull', autohint: true },
];

/** Text sizes as pages draw them: small print, body and headings, display. */
const SIZE_RANGES: readonly (readonly [number, number])[] = [
  [0, 16],
  [16, 32],
  [32, 1000],
];

/** At most this many families get rules: the generic ones and the profile's list come first. */
const MAX_FAMILIES = 40;

/** A 32-bit hash of (seed, text), the same in every agent. */
function hashOf(seed: number, text: string): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x85ebca6b) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
  }
  return Math.imul(h ^ (h >>> 16), 0xc2b2ae35) >>> 0;
}

/** The profile's rendering of the families its pages draw with, from its seed. */
export function renderingRules(seed: number, families: readonly string[]): RenderingRule[] {
  return families.slice(0, MAX_FAMILIES).flatMap((family) =>
    SIZE_RANGES.map((sizes) => ({ family, sizes, ...SETTINGS[hashOf(seed, `${family.toLowerCase()}|${sizes[0]}`) % SETTINGS.length]! })),
  );
}

/** The rules as fontconfig `<match target="font">` edits (`text` escapes a name for XML). */
export function renderingXml(rules: readonly RenderingRule[], text: (name: string) => string): string[] {
  return rules.flatMap((rule) => [
    '  <match target="font">',
    `    <test name="family" compare="eq" ignore-blanks="true"><string>${text(rule.family)}</string></test>`,
    `    <test name="pixelsize" compare="more_eq"><double>${rule.sizes[0]}</double></test>`,
    `    <test name="pixelsize" compare="less"><double>${rule.sizes[1]}</double></test>`,
    '    <edit name="hinting" mode="assign"><bool>true</bool></edit>',
    `    <edit name="hintstyle" mode="assign"><const>${rule.hintstyle}</const></edit>`,
    `    <edit name="autohint" mode="assign"><bool>${rule.autohint}</bool></edit>`,
    '  </match>',
  ]);
}
