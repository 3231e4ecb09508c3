import { describe, expect, it } from 'vitest';
import { parseCommandLine } from './commandLineSwitches.ts';

describe('profile command line', () => {
  it('keeps allowlisted switches and names every refused one', () => {
    const parsed = parseCommandLine('--mute-audio\n--force-device-scale-factor=1.25  --renderer-cmd-prefix=/bin/sh\n--load-extension=/tmp/x --remote-debugging-address=0.0.0.0 --disable-features=SitePerProcess plain-word --lang=de');
    expect(parsed.accepted).toEqual(['--mute-audio', '--force-device-scale-factor=1.25']);
    expect(parsed.refused).toEqual(['--renderer-cmd-prefix=/bin/sh', '--load-extension=/tmp/x', '--remote-debugging-address=0.0.0.0', '--disable-features=SitePerProcess', 'plain-word', '--lang=de']);
  });

  it('treats switch names case-insensitively, so --Renderer-Cmd-Prefix is refused too', () => {
    expect(parseCommandLine('--Renderer-Cmd-Prefix=x --MUTE-AUDIO')).toEqual({ accepted: ['--mute-audio'], refused: ['--Renderer-Cmd-Prefix=x'] });
  });
});
