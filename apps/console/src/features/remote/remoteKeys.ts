import keyTable from '@novnc/novnc/core/input/keysym.js';
import keysyms from '@novnc/novnc/core/input/keysymdef.js';
import type RFB from '@novnc/novnc';

/** Characters typed on a phone's on-screen keyboard, each as its X keysym (noVNC's own table). */
export function sendText(rfb: RFB, text: string): void {
  for (const character of text) {
    if (character === '\n') sendEnter(rfb);
    else rfb.sendKey(keysyms.lookup(character.codePointAt(0) ?? 0), null);
  }
}

export const sendEnter = (rfb: RFB) => rfb.sendKey(keyTable.XK_Return ?? 0xff0d, 'Enter');
export const sendBackspace = (rfb: RFB) => rfb.sendKey(keyTable.XK_BackSpace ?? 0xff08, 'Backspace');

/**
 * Ctrl+V on the remote display, after its clipboard got the local text. `ctrlHeld`: the person
 * holds Ctrl, which noVNC has already sent down; with Cmd (a Mac) the Linux host gets Ctrl.
 */
export function sendPasteKeys(rfb: RFB, ctrlHeld: boolean): void {
  const v = keysyms.lookup('v'.codePointAt(0) ?? 0x76);
  if (ctrlHeld) return rfb.sendKey(v, 'KeyV');
  const ctrl = keyTable.XK_Control_L ?? 0xffe3;
  rfb.sendKey(ctrl, 'ControlLeft', true);
  rfb.sendKey(v, 'KeyV');
  rfb.sendKey(ctrl, 'ControlLeft', false);
}
