import { describe, expect, it } from 'vitest';
import { buttonName, heldButton, keyEventParams } from './inputCommands.ts';

const key = { kind: 'key' as const, code: 'KeyA', keyCode: 65, location: 0, modifiers: 0, repeat: false };

describe('input commands', () => {
  it('types a printable key as keyDown with its text', () => {
    expect(keyEventParams({ ...key, type: 'down', key: 'a' })).toMatchObject({ type: 'keyDown', text: 'a', windowsVirtualKeyCode: 65 });
    expect(keyEventParams({ ...key, type: 'down', key: 'Enter', code: 'Enter', keyCode: 13 })).toMatchObject({ type: 'keyDown', text: '\r' });
  });
  it('sends a shortcut or a key without text as rawKeyDown', () => {
    expect(keyEventParams({ ...key, type: 'down', key: 'a', modifiers: 2 })).toMatchObject({ type: 'rawKeyDown' });
    expect(keyEventParams({ ...key, type: 'down', key: 'Tab', code: 'Tab', keyCode: 9 })).not.toHaveProperty('text');
  });
  it('releases with keyUp', () => {
    expect(keyEventParams({ ...key, type: 'up', key: 'a' })).toMatchObject({ type: 'keyUp', key: 'a' });
  });
  it('names buttons as CDP does', () => {
    expect(buttonName(0)).toBe('left');
    expect(buttonName(2)).toBe('right');
    expect(heldButton(1)).toBe('left');
    expect(heldButton(0)).toBe('none');
  });
});
