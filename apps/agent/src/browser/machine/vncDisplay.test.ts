import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectTo, rfbHandshake } from '../../../test/helpers/rfbHandshake.ts';
import { TempFolders } from '../../../test/helpers/tempFolders.ts';
import { startVncDisplay, type VncDisplay } from './vncDisplay.ts';

const folders = new TempFolders('vnc');
const displays: VncDisplay[] = [];

afterEach(async () => {
  await Promise.all(displays.splice(0).map((d) => d.stop()));
  folders.removeAll();
});

describe('a run display (Xvnc)', () => {
  it('is an X display and a VNC server of exactly the size asked, reached only through its owner-only socket', async () => {
    const runDir = path.join(folders.make(), 'run');
    const display = await startVncDisplay({ width: 1366, height: 768, runDir });
    displays.push(display);
    expect(display.socketPath).toBe(path.join(runDir, 'vnc.sock'));
    expect(fs.statSync(runDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(display.socketPath).mode & 0o777).toBe(0o600);
    const socket = await connectTo(display.socketPath);
    const init = await rfbHandshake(socket);
    socket.destroy();
    expect({ width: init.width, height: init.height }).toEqual({ width: 1366, height: 768 });
    // The same size on the X side, with the display's cookie; without it the display refuses.
    const info = execFileSync('xdpyinfo', [], { env: { ...process.env, ...display.env }, encoding: 'utf8' });
    expect(info).toMatch(/dimensions:\s+1366x768 pixels/);
    expect(info).toMatch(/depth of root window:\s+24 planes/);
    expect(() => execFileSync('xdpyinfo', [], { env: { ...process.env, DISPLAY: display.display, XAUTHORITY: path.join(runDir, 'none') }, stdio: 'pipe' })).toThrow();
  });

  it('carries the letters of the console\'s languages in its keymap before any browser reads it, on keys no profile uses', async () => {
    const display = await startVncDisplay({ width: 800, height: 600, runDir: path.join(folders.make(), 'run') });
    displays.push(display);
    const keymap = execFileSync('xkbcomp', ['-w', '0', display.display, '-'], { env: { ...process.env, ...display.env }, encoding: 'utf8' });
    for (const keysym of ['udiaeresis', 'Udiaeresis', 'eacute', 'ccedilla', 'ssharp', 'Cyrillic_a', 'Cyrillic_YA', 'Cyrillic_io', 'EuroSign', 'guillemotleft', 'emdash', 'oe']) {
      expect(keymap, keysym).toMatch(new RegExp(`[\\[,]\\s*${keysym}\\s*[,\\]]`));
    }
    // The letters of a US keyboard stay where they were.
    expect(keymap).toMatch(/key <AC01> \{[^}]*\[\s*a,\s*A\s*\]/);
    // No file of it is left in the run's folder.
    expect(fs.readdirSync(path.dirname(display.socketPath)).sort()).toEqual(['Xauthority', 'vnc.sock']);
  });

  it('gives two displays started at once two numbers, and leaves nothing behind when stopped', async () => {
    const [a, b] = await Promise.all([startVncDisplay({ width: 800, height: 600, runDir: folders.make() }), startVncDisplay({ width: 1024, height: 768, runDir: folders.make() })]);
    displays.push(a, b);
    expect(a.display).not.toBe(b.display);
    const n = a.display.slice(1);
    await a.stop();
    await a.exited;
    expect(fs.existsSync(a.socketPath)).toBe(false);
    expect(fs.existsSync(`/tmp/.X11-unix/X${n}`)).toBe(false);
    expect(fs.existsSync(`/tmp/.X${n}-lock`)).toBe(false);
    const socket = await connectTo(b.socketPath);
    expect((await rfbHandshake(socket)).width).toBe(1024);
    socket.destroy();
  });
});
