import type { CapturedInput } from '@facet/page-scripts';

type KeyInput = Extract<CapturedInput, { kind: 'key' }>;

/** DOM's `button` numbers as CDP names them. */
const BUTTONS = ['left', 'middle', 'right', 'back', 'forward'] as const;

export function buttonName(button: number): string {
  return BUTTONS[button] ?? 'none';
}

/** The button a move is made with held, as CDP wants it named (DOM's `buttons` is a bit set). */
export function heldButton(buttons: number): string {
  if (buttons & 1) return 'left';
  if (buttons & 4) return 'middle';
  if (buttons & 2) return 'right';
  return 'none';
}

/** Ctrl or Meta held: the key is a shortcut and types nothing. */
const SHORTCUT = 2 | 4;

/**
 * `Input.dispatchKeyEvent`'s parameters for a captured key. A key that types (a printable
 * character without Ctrl or Meta, Enter) goes as `keyDown` with its text, which Chromium inserts
 * as a person's typing would, keypress and input events included; any other key as `rawKeyDown`.
 */
export function keyEventParams(input: KeyInput): Record<string, unknown> {
  const common = {
    modifiers: input.modifiers,
    key: input.key,
    code: input.code,
    windowsVirtualKeyCode: input.keyCode,
    nativeVirtualKeyCode: input.keyCode,
    autoRepeat: input.repeat,
    location: input.location,
    isKeypad: input.location === 3,
  };
  if (input.type === 'up') return { type: 'keyUp', ...common };
  const text = (input.modifiers & SHORTCUT) !== 0 ? undefined : input.key === 'Enter' ? '\r' : [...input.key].length === 1 ? input.key : undefined;
  return text === undefined ? { type: 'rawKeyDown', ...common } : { type: 'keyDown', text, unmodifiedText: text, ...common };
}
