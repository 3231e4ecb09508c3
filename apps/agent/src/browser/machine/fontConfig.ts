import { renderingXml, type RenderingRule } from './fontRendering.ts';

/**
 * A profile's font list, applied where Chromium on Linux gets its fonts: fontconfig. A page finds
 * installed fonts by laying out text in the DOM (a span's width in `"X", monospace` against
 * monospace alone), by CSS `@font-face { src: local("X") }`, FontFace local(), canvas text,
 * queryLocalFonts() and emoji sizes. A per-profile FONTCONFIG_FILE that includes the machine's
 * configuration and then rejects every font not kept hides them from all of these at once, in
 * every process of that browser only, with nothing replaced in the page (the page script's
 * font part runs only when fontconfig cannot be asked: launchPlan.ts).
 *
 * Mechanism (fonts-conf(5), <selectfont>): `<rejectfont><pattern/>` — an empty pattern matches
 * every font — and one `<acceptfont>` pattern per kept family; an accepted font is never
 * rejected. fontconfig applies these when it loads its font sets, not when it scans font files,
 * so the machine's caches stay valid and are shared as they are: nothing is rescanned and no
 * cache is written for the profile (a `<match target="scan">` edit would change what is cached
 * and need a cache per profile). A family pattern matches a font carrying that name among its
 * family names, ignoring case and blanks, so "DejaVu Sans" also keeps the faces whose second
 * name is "DejaVu Sans Condensed".
 *
 * What stays visible besides the list:
 *  - the fonts behind the generic families, or no text would render: what fontconfig resolves
 *    serif, sans-serif, monospace and emoji to on this machine (with no emoji font that is its
 *    sans-serif), and what Chromium draws its Linux default fonts with (standard and serif are
 *    Times New Roman, sans-serif is Arial; monospace is fontconfig's). With Debian's fonts:
 *    DejaVu Serif, DejaVu Sans, DejaVu Sans Mono, Liberation Serif and Liberation Sans.
 *  - a listed family the machine lacks keeps the machine's metric-compatible stand-in where
 *    Chromium would draw the family with one (Skia's IsMetricCompatibleReplacement table:
 *    Arial → Liberation Sans or Arimo, Times New Roman → Liberation Serif or Tinos, Courier New →
 *    Liberation Mono or Cousine, Calibri → Carlito, …; Helvetica, Times and Courier through
 *    Blink's alternates Arial, Times New Roman and Courier New). A profile listing "Arial" on a
 *    machine whose Arial is Liberation Sans therefore lays out Arial text exactly as Windows
 *    does (same metrics), and Liberation Sans answers under its own name as well: fontconfig
 *    cannot keep a font under one name and hide it under another.
 * A listed family the machine has no font for, and no stand-in, stays absent. Characters no
 * kept font covers (CJK text when the list names no CJK font) are drawn as missing glyphs.
 */

/** The file, inside the profile's user-data-dir; rewritten at every start. */
export const FONT_CONFIG_FILE = 'fonts.conf';

/** Families Chromium would draw a missing family with (Skia's metric-compatible classes). */
const METRIC_COMPATIBLE: readonly (readonly string[])[] = [
  ['Arial', 'Arimo', 'Liberation Sans'],
  ['Times New Roman', 'Tinos', 'Liberation Serif'],
  ['Courier New', 'Cousine', 'Liberation Mono'],
  ['Symbol', 'Symbol Neu'],
  ['MS PGothic', 'Noto Sans CJK JP', 'IPAPGothic', 'MotoyaG04Gothic'],
  ['MS Gothic', 'Noto Sans Mono CJK JP', 'IPAGothic', 'MotoyaG04GothicMono'],
  ['MS PMincho', 'IPAPMincho', 'MotoyaG04Mincho'],
  ['MS Mincho', 'IPAMincho', 'MotoyaG04MinchoMono'],
  ['SimSun', 'MSung GB18030', 'Song ASC'],
  ['NSimSun', 'MSung GB18030', 'N Song ASC'],
  ['SimHei', 'Noto Sans CJK SC', 'MYingHeiGB18030', 'MYingHeiB5HK'],
  ['PMingLiU', 'MSung B5HK'],
  ['MingLiU', 'MSung B5HK'],
  ['PMingLiU_HKSCS', 'MSung B5HK'],
  ['MingLiU_HKSCS', 'MSung B5HK'],
  ['Cambria', 'Caladea'],
  ['Calibri', 'Carlito'],
];

/** Blink asks for these when the family itself is not found (FontCache's alternate names). */
const BLINK_ALTERNATES: Readonly<Record<string, string>> = { helvetica: 'Arial', times: 'Times New Roman', courier: 'Courier New' };

/** Chromium's default fonts on Linux for standard/serif and sans-serif text. */
const CHROMIUM_DEFAULT_FAMILIES = ['Times New Roman', 'Arial'];

/** What this machine's fontconfig knows, as the profile's Chromium would see it without a list. */
export interface MachineFonts {
  /** Every family name of every installed font. */
  installed: string[];
  /** The first family fontconfig resolves each of its generic names to. */
  generics: string[];
}

interface FontSelection {
  /** The profile's families, as written (trimmed, without duplicates). */
  listed: string[];
  /** Installed stand-ins Chromium draws listed but missing families with. */
  standIns: string[];
  /** The fonts text falls back to: generic families and Chromium's default fonts. */
  generic: string[];
  /** Listed families the machine has neither a font nor a stand-in for. */
  absent: string[];
}

/** fontconfig compares family names ignoring case and blanks. */
const familyKey = (name: string) => name.toLowerCase().replace(/\s+/g, '');

/** Whether XML 1.0 can carry the text: not C0 controls, lone surrogates, U+FFFE or U+FFFF, not even as references. */
function fitsXml(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0xd800 && code <= 0xdfff) || code === 0xfffe || code === 0xffff) return false;
  }
  return true;
}

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xmlText = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** Which families the profile's fontconfig keeps: the list, stand-ins for missing ones, generics. */
export function selectFonts(list: readonly string[], machine: MachineFonts): FontSelection {
  const installed = new Map(machine.installed.map((name) => [familyKey(name), name]));
  const seen = new Set<string>();
  const unique = (names: readonly string[]) =>
    names.filter((name) => {
      const key = familyKey(name);
      if (!key || seen.has(key) || !fitsXml(name)) return false;
      seen.add(key);
      return true;
    });
  /** What Chromium draws `name` with when the machine lacks it: installed metric-compatible fonts. */
  const standInsOf = (name: string): string[] => {
    for (const wanted of [name, BLINK_ALTERNATES[familyKey(name)]]) {
      if (!wanted) continue;
      const own = installed.get(familyKey(wanted));
      if (own) return [own];
      const group = METRIC_COMPATIBLE.find((members) => members.some((member) => familyKey(member) === familyKey(wanted)));
      const present = (group ?? []).flatMap((member) => installed.get(familyKey(member)) ?? []);
      if (present.length > 0) return present;
    }
    return [];
  };
  const listed = unique(list.map((name) => name.trim()));
  const missing = listed.filter((name) => !installed.has(familyKey(name)));
  const standIns = unique(missing.flatMap(standInsOf));
  const absent = missing.filter((name) => standInsOf(name).length === 0);
  const generic = unique([...machine.generics, ...CHROMIUM_DEFAULT_FAMILIES.flatMap(standInsOf)]);
  return { listed, standIns, generic, absent };
}

/**
 * The profile's fonts.conf: the machine's configuration, then every font but the kept ones
 * rejected (with a font list), then the profile's own rendering (fontRendering.ts).
 */
export function fontConfigXml(baseConfig: string, selection: FontSelection | null, rendering: readonly RenderingRule[] = []): string {
  return [
    '<!-- Generated by the Facet agent from the profile\'s fonts and seed at each start; edits are lost. -->',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    `  <include ignore_missing="no">${xmlText(baseConfig)}</include>`,
    ...(selection ? selectionXml(selection) : []),
    ...renderingXml(rendering, xmlText),
    '</fontconfig>',
    '',
  ].join('\n');
}

/** Font families a canvas draws text with on this machine, those of the profile's list first. */
export function drawnFamilies(machine: MachineFonts, list: readonly string[]): string[] {
  const selection = selectFonts(list, machine);
  return [...selection.listed.filter((name) => !selection.absent.includes(name)), ...selection.standIns, ...selection.generic];
}

function selectionXml(selection: FontSelection): string[] {
  const accept = (names: readonly string[]) => names.map((name) => `      <pattern><patelt name="family"><string>${xmlText(name)}</string></patelt></pattern>`);
  return [
    '  <selectfont>',
    '    <acceptfont>',
    '      <!-- the profile\'s list -->',
    ...accept(selection.listed),
    '      <!-- what Chromium draws listed families the machine lacks with -->',
    ...accept(selection.standIns),
    '      <!-- behind the generic families: without them no text renders -->',
    ...accept(selection.generic),
    '    </acceptfont>',
    '    <rejectfont>',
    '      <!-- matches every font -->',
    '      <pattern/>',
    '    </rejectfont>',
    '  </selectfont>',
  ];
}
