/**
 * The profile's "command line before launch" field, applied only through this allowlist
 * (architecture: guard the launch). Switches that run programs, load code or open the
 * browser to other processes (--renderer-cmd-prefix, --utility-cmd-prefix, --load-extension,
 * --remote-debugging-*, --user-data-dir, --proxy-server, --no-sandbox …) are never taken from
 * a profile: the agent sets those itself. Nor are --lang, --incognito or the feature lists,
 * which would undo the profile's language, its stored state or the agent's own switches (Chromium
 * keeps only the last --disable-features).
 */
const allowedSwitches = new Set([
  'disable-notifications',
  'disable-popup-blocking',
  'mute-audio',
  'start-maximized',
  'start-fullscreen',
  'force-dark-mode',
  'disable-translate',
  'disable-infobars',
  'hide-scrollbars',
  'disable-plugins-discovery',
  'autoplay-policy',
  'force-device-scale-factor',
  'force-color-profile',
  'blink-settings',
]);


interface ParsedSwitches {
  accepted: string[];
  /** Lines refused, as written, so the user can be told which ones. */
  refused: string[];
}

/** One switch per line (or space-separated), `--name` or `--name=value`. */
export function parseCommandLine(text: string): ParsedSwitches {
  const accepted: string[] = [];
  const refused: string[] = [];
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const match = /^--([a-z0-9][a-z0-9-]*)(?:=(.*))?$/i.exec(token);
    const name = match?.[1]?.toLowerCase();
    if (!match || !name || !allowedSwitches.has(name)) {
      refused.push(token);
      continue;
    }
    const value = match[2];
    accepted.push(value === undefined ? `--${name}` : `--${name}=${value}`);
  }
  return { accepted, refused };
}
