import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Letters and signs of the console's languages that a US keymap lacks, each pair on one key
 * (plain, then with Shift), as the keysyms noVNC sends for them (its keysymdef lookup).
 */
const PRELOADED: readonly (readonly [number, number])[] = [
  [0xe0, 0xc0], // à À
  [0xe1, 0xc1], // á Á
  [0xe2, 0xc2], // â Â
  [0xe3, 0xc3], // ã Ã
  [0xe4, 0xc4], // ä Ä
  [0xe5, 0xc5], // å Å
  [0xe6, 0xc6], // æ Æ
  [0xe7, 0xc7], // ç Ç
  [0xe8, 0xc8], // è È
  [0xe9, 0xc9], // é É
  [0xea, 0xca], // ê Ê
  [0xeb, 0xcb], // ë Ë
  [0xec, 0xcc], // ì Ì
  [0xed, 0xcd], // í Í
  [0xee, 0xce], // î Î
  [0xef, 0xcf], // ï Ï
  [0xf0, 0xd0], // ð Ð
  [0xf1, 0xd1], // ñ Ñ
  [0xf2, 0xd2], // ò Ò
  [0xf3, 0xd3], // ó Ó
  [0xf4, 0xd4], // ô Ô
  [0xf5, 0xd5], // õ Õ
  [0xf6, 0xd6], // ö Ö
  [0xf8, 0xd8], // ø Ø
  [0xf9, 0xd9], // ù Ù
  [0xfa, 0xda], // ú Ú
  [0xfb, 0xdb], // û Û
  [0xfc, 0xdc], // ü Ü
  [0xfd, 0xdd], // ý Ý
  [0xfe, 0xde], // þ Þ
  [0xff, 0x13be], // ÿ Ÿ
  [0xdf, 0x1001e9e], // ß ẞ
  [0x13bd, 0x13bc], // œ Œ
  [0x1e3, 0x1c3], // ă Ă
  [0x1f0, 0x1d0], // đ Đ
  [0x10001a1, 0x10001a0], // ơ Ơ
  [0x10001b0, 0x10001af], // ư Ư
  [0x6c1, 0x6e1], // а А
  [0x6c2, 0x6e2], // б Б
  [0x6d7, 0x6f7], // в В
  [0x6c7, 0x6e7], // г Г
  [0x6c4, 0x6e4], // д Д
  [0x6c5, 0x6e5], // е Е
  [0x6a3, 0x6b3], // ё Ё
  [0x6d6, 0x6f6], // ж Ж
  [0x6da, 0x6fa], // з З
  [0x6c9, 0x6e9], // и И
  [0x6ca, 0x6ea], // й Й
  [0x6cb, 0x6eb], // к К
  [0x6cc, 0x6ec], // л Л
  [0x6cd, 0x6ed], // м М
  [0x6ce, 0x6ee], // н Н
  [0x6cf, 0x6ef], // о О
  [0x6d0, 0x6f0], // п П
  [0x6d2, 0x6f2], // р Р
  [0x6d3, 0x6f3], // с С
  [0x6d4, 0x6f4], // т Т
  [0x6d5, 0x6f5], // у У
  [0x6c6, 0x6e6], // ф Ф
  [0x6c8, 0x6e8], // х Х
  [0x6c3, 0x6e3], // ц Ц
  [0x6de, 0x6fe], // ч Ч
  [0x6db, 0x6fb], // ш Ш
  [0x6dd, 0x6fd], // щ Щ
  [0x6df, 0x6ff], // ъ Ъ
  [0x6d9, 0x6f9], // ы Ы
  [0x6d8, 0x6f8], // ь Ь
  [0x6dc, 0x6fc], // э Э
  [0x6c0, 0x6e0], // ю Ю
  [0x6d1, 0x6f1], // я Я
  [0xab, 0xbb], // « »
  [0xa1, 0xbf], // ¡ ¿
  [0xaaa, 0xaa9], // – —
  [0xad2, 0xad3], // “ ”
  [0xad0, 0xad1], // ‘ ’
  [0x20ac, 0xa3], // € £
  [0xb0, 0xa7], // ° §
  [0xaae, 0xa5], // … ¥
];

/**
 * A viewer types what its own keyboard types: noVNC sends keysyms, and Xvnc presses the key that
 * carries one. A keysym its keymap lacks Xvnc adds to a spare key as it arrives, but Chromium has
 * not read that change yet and drops the first press (measured: "café" arrived as "caf"), and
 * Xvnc has only about 20 spare keys, after which it refuses new ones. So before the browser
 * starts, the display's keymap gets the letters of the console's ten languages on the keys of
 * media and launcher functions no profile uses (XF86…), with xkbcomp, which Xvnc itself needs.
 * Characters beyond these (Vietnamese tone marks, say) still take Xvnc's spare keys.
 */
export async function preloadKeymap(env: NodeJS.ProcessEnv, workDir: string): Promise<number> {
  const display = env.DISPLAY!;
  const file = path.join(workDir, 'keymap.xkb');
  const xenv = { ...process.env, ...env };
  await run('xkbcomp', ['-w', '0', display, file], { env: xenv, timeout: 10_000 });
  let keymap = fs.readFileSync(file, 'utf8');
  let placed = 0;
  keymap = keymap.replace(/key <(\w+)> \{\s*\[\s*XF86\w+\s*\]\s*\};/g, (whole, name: string) => {
    const pair = PRELOADED[placed];
    if (!pair) return whole;
    placed += 1;
    return `key <${name}> { [ 0x${pair[0].toString(16)}, 0x${pair[1].toString(16)} ] };`;
  });
  fs.writeFileSync(file, keymap, { mode: 0o600 });
  try {
    await run('xkbcomp', ['-w', '0', file, display], { env: xenv, timeout: 10_000 });
  } finally {
    fs.rmSync(file, { force: true });
  }
  return placed;
}
